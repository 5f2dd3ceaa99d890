/**
 * The read-only catalogs: CABYS (by words or code, with the VAT rate, or down its categories), tariff
 * codes, locations and economic activities, and today's exchange rate. Keyboard first, like the counter:
 * type, ↑/↓, Enter opens; Backspace on an empty search goes up a level; ←/→ on the tabs switch them.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { errorText, useLanguage } from '../i18n/store.ts';
import { useT } from './messages.ts';
import { CodeDetail } from './CodeDetail.tsx';
import { EntryList } from './EntryList.tsx';
import { ExchangeRateStrip } from './ExchangeRateStrip.tsx';
import { TABS, useCatalogs } from './store.ts';
import './catalogs.css';

const SEARCH_DELAY_MS = 200;

export default function CatalogsScreen() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const tab = useCatalogs((s) => s.tab);
  const query = useCatalogs((s) => s.panes[s.tab].query);
  const detail = useCatalogs((s) => s.detail);
  const error = useCatalogs((s) => s.error);
  const searchBox = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void useCatalogs.getState().init();
    searchBox.current?.focus();
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'F2') {
        e.preventDefault();
        searchBox.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Search as the shopkeeper types (a blank box shows the tree again).
  useEffect(() => {
    const timer = setTimeout(() => void useCatalogs.getState().search(), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, tab]);

  const onSearchKey = async (e: KeyboardEvent<HTMLInputElement>) => {
    const s = useCatalogs.getState();
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      s.move(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'PageDown' || e.key === 'PageUp') {
      e.preventDefault();
      s.move(e.key === 'PageDown' ? 10 : -10);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      // Enter faster than the search delay: search first, then open the first hit.
      await s.search();
      await useCatalogs.getState().choose();
    } else if (e.key === 'Backspace' && s.panes[s.tab].query === '') {
      e.preventDefault();
      await s.up();
    } else if (e.key === 'Escape') {
      if (s.detail) s.closeDetail();
      else s.setQuery('');
    }
  };

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!;
    void useCatalogs.getState().setTab(next);
    e.currentTarget.parentElement?.querySelector<HTMLButtonElement>(`[data-tab="${next}"]`)?.focus();
  };

  return (
    <section className="catalogs" data-testid="catalogs-screen">
      <header className="catalogs-head">
        <h2>{t('catalogs.title')}</h2>
        <ExchangeRateStrip />
      </header>
      <div className="catalogs-tabs" role="tablist">
        {TABS.map((id) => (
          <button key={id} type="button" role="tab" data-tab={id} aria-selected={tab === id} tabIndex={tab === id ? 0 : -1} className={tab === id ? 'active' : ''}
            onClick={() => void useCatalogs.getState().setTab(id)} onKeyDown={onTabKey} data-testid={`catalogs-tab-${id}`}>
            {t(`catalogs.tab.${id}`)}
          </button>
        ))}
      </div>
      <label className="catalogs-search">
        {t(`catalogs.search.${tab}`)}
        <input ref={searchBox} type="search" value={query} maxLength={200} onChange={(e) => useCatalogs.getState().setQuery(e.target.value)} onKeyDown={(e) => void onSearchKey(e)} data-testid="catalogs-search" autoComplete="off" />
      </label>
      {error && <p className="error" role="alert">{errorText(language, error)}</p>}
      <div className={detail ? 'catalogs-body with-detail' : 'catalogs-body'}>
        <EntryList />
        {detail && <CodeDetail detail={detail} />}
      </div>
      <p className="keys muted">{t('catalogs.keys')}</p>
    </section>
  );
}
