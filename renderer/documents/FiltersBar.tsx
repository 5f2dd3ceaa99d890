/** The list's filters: type, status, issue dates, receiver ID, clave or consecutive, and the cashier (when the shop has cashiers). */
import { useEffect, useState } from 'react';
import { cashierNames } from './api.ts';
import { useT, type MessageKey } from './messages.ts';
import { STATUS_FILTERS, TYPE_FILTERS, hasFilters } from './filters.ts';
import { useDocuments } from './store.ts';

const typeLabel = (code: string): MessageKey => (code === 'RC' ? 'docs.type.RC' : `invoice.type.${code}` as MessageKey);

export function FiltersBar() {
  const t = useT();
  const filters = useDocuments((s) => s.filters);
  const { setFilter, clearFilters } = useDocuments.getState();
  const [cashiers, setCashiers] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    cashierNames().then(setCashiers, () => setCashiers([]));
  }, []);
  return (
    <div className="doc-filters" data-testid="document-filters">
      <label>
        {t('docs.type')}
        <select value={filters.document_type} data-testid="filter-type" onChange={(e) => setFilter('document_type', e.target.value)}>
          <option value="">{t('docs.filter.all')}</option>
          {TYPE_FILTERS.map((code) => <option key={code} value={code}>{t(typeLabel(code))}</option>)}
        </select>
      </label>
      <label>
        {t('docs.status')}
        <select value={filters.status} data-testid="filter-status" onChange={(e) => setFilter('status', e.target.value)}>
          <option value="">{t('docs.filter.all')}</option>
          {STATUS_FILTERS.map((status) => <option key={status} value={status}>{t(`status.${status}`)}</option>)}
        </select>
      </label>
      <label>
        {t('docs.filter.from')}
        <input type="date" value={filters.from} onChange={(e) => setFilter('from', e.target.value)} />
      </label>
      <label>
        {t('docs.filter.to')}
        <input type="date" value={filters.to} onChange={(e) => setFilter('to', e.target.value)} />
      </label>
      <label>
        {t('docs.filter.receiver')}
        <input value={filters.receiver} inputMode="numeric" onChange={(e) => setFilter('receiver', e.target.value)} autoComplete="off" />
      </label>
      {cashiers.length > 0 && (
        <label>
          {t('docs.cashier')}
          <select value={filters.cashier_id ?? ''} data-testid="filter-cashier" onChange={(e) => setFilter('cashier_id', e.target.value)}>
            <option value="">{t('docs.filter.all')}</option>
            {cashiers.map((c) => <option key={c.id} value={String(c.id)}>{c.name}</option>)}
          </select>
        </label>
      )}
      <label className="wide">
        {t('docs.filter.search')}
        <input value={filters.search} data-testid="filter-search" onChange={(e) => setFilter('search', e.target.value)} autoComplete="off" />
      </label>
      <button type="button" disabled={!hasFilters(filters)} onClick={clearFilters}>{t('docs.filter.clear')}</button>
    </div>
  );
}
