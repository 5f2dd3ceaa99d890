/** A cashier as the API shows it: never its PIN, nor its hash or count of wrong tries. */
import type { CashierRole } from '../../../domain/cashier.ts';
import type { CashierRow } from '../../../store/cashiers.ts';

export function cashierView(row: CashierRow, now: Date) {
  const locked = row.lockedUntil !== null && Date.parse(row.lockedUntil) > now.getTime();
  return {
    id: row.id,
    name: row.name,
    role: row.role as CashierRole,
    active: row.active,
    locked_until: locked ? row.lockedUntil : null,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
