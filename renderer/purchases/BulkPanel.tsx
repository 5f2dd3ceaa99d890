/**
 * Accepting several pending documents at once: tick them (or all the pending ones of the page), accept,
 * and follow it one document after another, each with its result (the server's words when refused).
 */
import { useT } from './messages.ts';
import { chosen, useBatch } from './batch-store.ts';
import { answerable } from './filters.ts';
import { usePurchases } from './store.ts';

export function BulkPanel() {
  const t = useT();
  const items = usePurchases((s) => s.items);
  const { selected, bulk, setSelected, acceptSelected, dismissBulk } = useBatch();
  const pending = items.filter(answerable).map((d) => d.clave);
  const count = chosen(selected, items).length;
  if (pending.length === 0 && !bulk) return null;
  const done = bulk?.results.length ?? 0;
  const failed = bulk?.results.filter((r) => !r.ok).length ?? 0;
  return (
    <div className="purchases-bulk" data-testid="bulk">
      <div className="row">
        <button type="button" disabled={pending.length === 0 || bulk?.running} onClick={() => setSelected(pending)} data-testid="bulk-select-all">{t('purchases.bulk.selectAll')}</button>
        <button type="button" className="primary" disabled={count === 0 || bulk?.running} onClick={() => void acceptSelected()} data-testid="bulk-accept">
          {t('purchases.bulk.accept', { count })}
        </button>
        {bulk && (
          <span role="status" data-testid="bulk-progress" data-running={bulk.running}>
            {bulk.running ? t('purchases.bulk.progress', { done, total: bulk.total }) : t('purchases.bulk.done', { ok: done - failed, failed })}
          </span>
        )}
        {bulk && <progress max={bulk.total} value={done} />}
        {bulk && !bulk.running && <button type="button" onClick={dismissBulk}>{t('purchases.bulk.close')}</button>}
      </div>
      {bulk && bulk.results.length > 0 && (
        <ul className="bulk-results" data-testid="bulk-results">
          {bulk.results.map((r) => (
            <li key={r.clave} data-clave={r.clave} data-ok={r.ok} className={r.ok ? 'ok' : 'problem'}>
              <code>{r.consecutive}</code> — {r.ok ? t('purchases.bulk.ok') : r.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
