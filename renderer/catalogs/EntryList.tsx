/** The tab's crumbs and its entries (a tree level or search results); the selected one is highlighted. */
import { useEffect, useRef } from 'react';
import { useLanguage } from '../i18n/store.ts';
import { formatNumber } from '../shared/money.ts';
import { useT } from './messages.ts';
import { useCatalogs } from './store.ts';
import type { Entry } from './types.ts';

function EntryLine({ entry }: { entry: Entry }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  return (
    <>
      <span className="code">{entry.code}</span>
      <span className="catalogs-label">
        {entry.label === null
          ? <span className="muted">{t('catalogs.unnamed')}</span>
          : entry.summary ? <span className="catalogs-summary" title={t('catalogs.summary')}>{entry.label}</span> : entry.label}
        {entry.context && <small className="muted catalogs-context" title={entry.context}>{entry.context}</small>}
      </span>
      {entry.codes !== undefined && <span className="muted">{entry.codes === 1 ? t('catalogs.oneCode') : t('catalogs.codes', { count: formatNumber(language, entry.codes) })}</span>}
      {entry.rate !== undefined && <span className="catalogs-vat">{entry.rate === null ? '—' : t('catalogs.vat', { rate: formatNumber(language, entry.rate) })}</span>}
    </>
  );
}

/**
 * A search CABYS has no word for says so and says what to do: other words, or a product of the shop's own
 * with its own name (the Products screen), filed under the nearest code.
 */
function NoCabysCode({ query }: { query: string }) {
  const t = useT();
  return (
    <div className="catalogs-none" role="status" data-testid="catalogs-no-results">
      <p>{t('catalogs.noCabys', { query })}</p>
      <p className="muted">{t('catalogs.noCabysHint')}</p>
      <a href="#products" className="catalogs-create" data-testid="catalogs-create-product">{t('catalogs.createProduct')}</a>
    </div>
  );
}

export function EntryList() {
  const t = useT();
  const tab = useCatalogs((s) => s.tab);
  const pane = useCatalogs((s) => s.panes[s.tab]);
  const { goTo, choose, loadMore } = useCatalogs.getState();
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    list.current?.querySelector('.selected')?.scrollIntoView({ block: 'nearest' });
  }, [pane.selected, pane.entries]);

  return (
    <div className="catalogs-entries">
      <nav className="catalogs-crumbs" aria-label={t('catalogs.levels')} data-testid="catalogs-crumbs">
        <button type="button" onClick={() => void goTo([])}>{t('catalogs.root')}</button>
        {pane.path.map((crumb, i) => (
          <span key={crumb.code}>
            {' › '}
            <button type="button" onClick={() => void goTo(pane.path.slice(0, i + 1))}>
              {crumb.summary ? <span className="catalogs-summary" title={t('catalogs.summary')}>{crumb.label}</span> : crumb.label}
            </button>
          </span>
        ))}
        {pane.searchedFor && <span className="muted"> · {t('catalogs.results', { query: pane.searchedFor })}</span>}
      </nav>
      {pane.loaded && pane.entries.length === 0 && (tab === 'cabys' && pane.searchedFor
        ? <NoCabysCode query={pane.searchedFor} />
        : <p className="muted">{pane.searchedFor ? t('catalogs.noResults', { query: pane.searchedFor }) : t('catalogs.empty')}</p>)}
      <ul ref={list} className={`catalogs-list catalogs-list-${tab}`} data-testid="catalogs-entries">
        {pane.entries.map((entry, i) => (
          <li key={`${entry.code}-${i}`} className={i === pane.selected ? 'selected' : ''} data-code={entry.code}>
            <button type="button" tabIndex={-1} onClick={() => void choose(i)} disabled={!entry.target}>
              <EntryLine entry={entry} />
            </button>
          </li>
        ))}
      </ul>
      {pane.loading && <p className="muted">{t('catalogs.loading')}</p>}
      {pane.more && !pane.loading && <button type="button" className="catalogs-more" onClick={() => void loadMore()}>{t('catalogs.more')}</button>}
    </div>
  );
}
