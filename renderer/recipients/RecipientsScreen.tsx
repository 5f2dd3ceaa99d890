/**
 * Saved customers (recipients of invoices): a searchable list on the left, the one open on the right. A
 * new one usually starts with its identification number: Enter fills the name from the tax authority's
 * public register. F2 searches, Alt+N starts a new one, ↑/↓ in the list open the neighbour.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { errorText, useLanguage } from '../i18n/store.ts';
import { useT } from './messages.ts';
import { moveInList } from '../shared/form-keys.ts';
import { RecipientForm } from './RecipientForm.tsx';
import { useRecipients } from './store.ts';
import '../shared/saved-list.css';
import './recipients.css';

const SEARCH_DELAY_MS = 250;

export default function RecipientsScreen() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { items, total, search, loaded, openId, error } = useRecipients();
  const searchBox = useRef<HTMLInputElement>(null);

  useEffect(() => {
    searchBox.current?.focus();
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'F2') searchBox.current?.focus();
      else if (e.altKey && (e.key === 'n' || e.key === 'N')) void useRecipients.getState().startNew();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Search as the shopkeeper types, not on every keystroke; the first load has no delay.
  useEffect(() => {
    const timer = setTimeout(() => void useRecipients.getState().load(), loaded ? SEARCH_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [search]);

  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      document.querySelector<HTMLButtonElement>('[data-testid="recipient-list"] button')?.focus();
    }
  };

  return (
    <section className="recipients saved-list" data-testid="recipients-screen">
      <div className="recipients-list">
        <header className="row">
          <h2>{t('recipients.title')}</h2>
          <button type="button" className="primary" onClick={() => void useRecipients.getState().startNew()} data-testid="recipient-new">{t('recipients.new')}</button>
        </header>
        <label>
          {t('recipients.search')}
          <input ref={searchBox} type="search" value={search} maxLength={100} onChange={(e) => useRecipients.getState().setSearch(e.target.value)} onKeyDown={onSearchKey} data-testid="recipient-search" autoComplete="off" />
        </label>
        {loaded && items.length === 0 && <p className="muted">{search.trim() ? t('recipients.noMatch') : t('recipients.empty')}</p>}
        {items.length > 0 && <ul onKeyDown={moveInList} data-testid="recipient-list">
          {items.map((r) => (
            <li key={r.id}>
              <button type="button" className={r.id === openId ? 'selected' : ''} aria-current={r.id === openId} onClick={() => void useRecipients.getState().open(r)}>
                <strong>{r.name}</strong>
                <span className="code">{r.identification_number}</span>
                {r.email && <span className="muted">{r.email}</span>}
              </button>
            </li>
          ))}
        </ul>}
        {items.length > 0 && items.length < total && <p className="muted">{t('recipients.count', { shown: items.length, total })}</p>}
        <p className="keys muted">{t('recipients.keys')}</p>
      </div>
      <div className="recipients-main">
        {error && <p className="error" role="alert">{errorText(language, error)}</p>}
        <RecipientForm />
      </div>
    </section>
  );
}
