/**
 * Documents, newest first, filtered, with their live status (polled while any waits for the tax
 * authority). ↑/↓ move between rows, Enter opens one: the tax authority's answer, files, e-mail, notes, void.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useLanguage } from '../i18n/store.ts';
import { useT } from './messages.ts';
import { formatMoney } from '../shared/money.ts';
import { takeHandover } from '../shared/navigation.ts';
import { StatusBadge } from '../shared/StatusBadge.tsx';
import { DocumentDetailPanel } from './DocumentDetailPanel.tsx';
import { ErrorText } from './ErrorText.tsx';
import { FiltersBar } from './FiltersBar.tsx';
import { hasFilters } from './filters.ts';
import { TYPE_ABBREVIATIONS, typeLabel } from './labels.ts';
import { useDocuments, voidStateOf } from './store.ts';
import './documents.css';

const FILTER_DELAY_MS = 300;

/** ↑/↓ between the rows of the list, as in a spreadsheet. */
function moveFocus(e: KeyboardEvent<HTMLTableRowElement>) {
  const next = e.key === 'ArrowDown' ? e.currentTarget.nextElementSibling : e.currentTarget.previousElementSibling;
  if (next instanceof HTMLElement) {
    e.preventDefault();
    next.focus();
  }
}

export function DocumentsScreen() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { items, error, openKey, loading, nextCursor, voids, filters, open, refresh, loadMore } = useDocuments();
  const firstRun = useRef(true);

  useEffect(() => {
    const store = useDocuments.getState();
    // Sent here to open a document (shared/navigation.ts: the invoice just issued).
    const handed = takeHandover('documents');
    if (handed) void store.open(handed.open);
    void store.refresh();
    store.watch();
    // Esc closes the open document, unless it is closing something inside it (a field, the void form).
    const onKey = (e: globalThis.KeyboardEvent) => {
      const inField = e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement;
      if (e.key === 'Escape' && !inField && useDocuments.getState().openKey) void useDocuments.getState().open(null);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      useDocuments.getState().unwatch();
    };
  }, []);

  // The open document closed (Esc, ✕): the keyboard goes on from its row, not from the top of the page.
  const lastOpen = useRef<string | null>(null);
  useEffect(() => {
    const closed = lastOpen.current;
    lastOpen.current = openKey;
    if (openKey || !closed || (document.activeElement && document.activeElement !== document.body)) return;
    document.querySelector<HTMLElement>(`tr[data-key="${closed}"]`)?.focus();
  }, [openKey]);

  // A filter typed: ask again once the typing pauses.
  useEffect(() => {
    if (firstRun.current) {
      firstRun.current = false;
      return;
    }
    const timer = setTimeout(() => void useDocuments.getState().refresh(), FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filters]);

  const locale = language === 'en' ? 'en-US' : 'es-CR';
  const typeName = (code: string) => t(typeLabel(code));
  // The cashier column once any document shown has one (a shop without cashiers keeps its table).
  const byCashier = items.some((d) => d.cashier ?? d.till?.cashier);
  // A head office's till column once any document shown came from a paired till (docs/replication.md).
  const byTill = items.some((d) => d.till);
  return (
    <section className={`documents ${openKey ? 'with-detail' : ''}`}>
      <header className="row">
        <h2>{t('docs.title')}</h2>
        <button type="button" onClick={() => void refresh()}>{t('docs.refresh')}</button>
        {loading && <span className="muted">{t('docs.loading')}</span>}
      </header>
      <FiltersBar />
      {error && <ErrorText error={error} />}
      <div className="documents-body">
        <div className="documents-list">
          {items.length === 0 && !loading ? (
            <p className="muted">{hasFilters(filters) ? t('docs.noMatch') : t('docs.empty')}</p>
          ) : (
            <table className="list" data-testid="documents">
              <thead>
                <tr><th>{t('docs.date')}</th><th>{t('docs.type')}</th><th>{t('docs.consecutive')}</th><th>{t('docs.receiver')}</th>{byTill && <th>{t('docs.till')}</th>}{byCashier && <th>{t('docs.cashier')}</th>}<th className="num">{t('docs.total')}</th><th>{t('docs.status')}</th></tr>
              </thead>
              <tbody>
                {items.map((d) => {
                  const voidState = voidStateOf(d.document_key, voids);
                  return (
                    <tr key={d.id} tabIndex={0} data-key={d.document_key} className={d.document_key === openKey ? 'selected' : ''} onClick={() => void open(d.document_key)}
                      onKeyDown={(e) => (e.key === 'Enter' ? void open(d.document_key) : moveFocus(e))}>
                      <td>{new Date(d.created_at).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' })}</td>
                      <td title={typeName(d.document_type)}>{TYPE_ABBREVIATIONS[d.document_type] ?? d.document_type}</td>
                      <td className="code">{d.consecutive_number}</td>
                      <td>{d.receptor_name ?? t('docs.none')}</td>
                      {byTill && <td data-testid="document-till">{d.till?.name ?? ''}</td>}
                      {byCashier && <td data-testid="document-cashier">{d.cashier?.name ?? d.till?.cashier?.name ?? ''}</td>}
                      <td className="num">{formatMoney(language, d.total, d.currency)}</td>
                      <td>
                        <StatusBadge status={d.status} />
                        {voidState === 'voided' && <> <span className="badge badge-voided" data-status="voided">{t('docs.voided')}</span></>}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
          {nextCursor && <button type="button" className="more" disabled={loading} onClick={() => void loadMore()}>{t('docs.more')}</button>}
        </div>
        <DocumentDetailPanel />
      </div>
    </section>
  );
}
