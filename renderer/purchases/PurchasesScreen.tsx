/**
 * "Compras": the suppliers' documents. The deadline banner on top, the upload zone, the filters, the list
 * with the bulk acceptance, and the open document with its checks, PDF and answer beside it.
 */
import { useEffect, useRef } from 'react';
import { errorText, useLanguage } from '../i18n/store.ts';
import { BulkPanel } from './BulkPanel.tsx';
import { DeadlineBanner } from './DeadlineBanner.tsx';
import { hasFilters } from './filters.ts';
import { useT } from './messages.ts';
import { PurchaseDetail } from './PurchaseDetail.tsx';
import { PurchaseFilters } from './PurchaseFilters.tsx';
import { PurchaseList } from './PurchaseList.tsx';
import { usePurchases } from './store.ts';
import { UploadZone } from './UploadZone.tsx';
import './purchases.css';

const FILTER_DELAY_MS = 300;

export default function PurchasesScreen() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { items, loaded, loading, error, pagination, page, filters, open, load, refreshDeadlines } = usePurchases();
  const firstRun = useRef(true);

  useEffect(() => {
    const store = usePurchases.getState();
    void store.load(1);
    void store.refreshDeadlines();
    // Esc closes the open document, unless the shopkeeper is in one of its fields.
    const onKey = (e: KeyboardEvent) => {
      const inField = e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement;
      if (e.key === 'Escape' && !inField && usePurchases.getState().open) void usePurchases.getState().openDocument(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // A filter or the order changed: ask again once the typing pauses.
  const { state, supplier, month, nearestFirst } = filters;
  useEffect(() => {
    if (firstRun.current) {
      firstRun.current = false;
      return;
    }
    const timer = setTimeout(() => void usePurchases.getState().load(1), FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state, supplier, month, nearestFirst]);

  return (
    <section className={`purchases ${open ? 'with-detail' : ''}`} data-testid="purchases-screen">
      <header className="row">
        <h2>{t('purchases.title')}</h2>
        <button type="button" onClick={() => { void load(); void refreshDeadlines(); }}>{t('purchases.refresh')}</button>
        {loading && <span className="muted">{t('purchases.loading')}</span>}
      </header>
      <DeadlineBanner />
      <UploadZone />
      <PurchaseFilters />
      {error && <p className="error" role="alert">{errorText(language, error)}</p>}
      <div className="purchases-body">
        <div className="purchases-list">
          <BulkPanel />
          {loaded && items.length === 0 ? <p className="muted">{hasFilters(filters) ? t('purchases.noMatch') : t('purchases.empty')}</p> : <PurchaseList />}
          {pagination && pagination.last_page > 1 && (
            <div className="row pager">
              <button type="button" disabled={page <= 1 || loading} onClick={() => void load(page - 1)}>{t('purchases.prev')}</button>
              <span className="muted">{t('purchases.page', { page, pages: pagination.last_page, total: pagination.total })}</span>
              <button type="button" disabled={page >= pagination.last_page || loading} onClick={() => void load(page + 1)}>{t('purchases.next')}</button>
            </div>
          )}
          <p className="keys muted">{t('purchases.keys')}</p>
        </div>
        {/* Keyed by document: another one opens with its PDF folded. */}
        <PurchaseDetail key={open?.clave ?? ''} />
      </div>
    </section>
  );
}
