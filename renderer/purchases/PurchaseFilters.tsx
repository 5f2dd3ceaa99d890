/** The list's filters: state, supplier's ID, month, and the order (nearest deadline first). */
import { hasFilters, supplierOf } from './filters.ts';
import { useT } from './messages.ts';
import { usePurchases } from './store.ts';
import { STATES, type ReceivedState } from './types.ts';

export function PurchaseFilters() {
  const t = useT();
  const filters = usePurchases((s) => s.filters);
  const { setFilter, clearFilters } = usePurchases.getState();
  const supplier = supplierOf(filters.supplier);
  return (
    <div className="purchases-filters" data-testid="purchase-filters">
      <label>
        {t('purchases.filter.state')}
        <select value={filters.state} data-testid="filter-state" onChange={(e) => setFilter('state', e.target.value as ReceivedState | '')}>
          <option value="">{t('purchases.filter.all')}</option>
          {STATES.map((s) => <option key={s} value={s}>{t(`purchases.state.${s}`)}</option>)}
        </select>
      </label>
      <label>
        {t('purchases.filter.supplier')}
        <input value={filters.supplier} inputMode="numeric" autoComplete="off" data-testid="filter-supplier" aria-invalid={!supplier.valid} onChange={(e) => setFilter('supplier', e.target.value)} />
        {!supplier.valid && <span className="problem">{t('purchases.filter.supplierHint')}</span>}
      </label>
      <label>
        {t('purchases.filter.month')}
        <input type="month" value={filters.month} data-testid="filter-month" onChange={(e) => setFilter('month', e.target.value)} />
      </label>
      <label className="check">
        <input type="checkbox" checked={filters.nearestFirst} data-testid="filter-nearest" onChange={(e) => setFilter('nearestFirst', e.target.checked)} />
        {t('purchases.filter.nearest')}
      </label>
      <button type="button" disabled={!hasFilters(filters)} onClick={clearFilters}>{t('purchases.filter.clear')}</button>
    </div>
  );
}
