/**
 * PostgreSQL's type for a column of schema.ts (SQLite keeps text, integers and blobs): money and rates as
 * `numeric` (exact, and unconstrained so the decimal text written comes back digit for digit), instants as
 * `timestamptz`. Document dates the tax authority's XML carries with Costa Rica's offset (issued_at,
 * FechaEmision) stay text: the fiscal day is read from them as written.
 */
const MONEY = new Set([
  'amount', 'balance', 'base', 'buy', 'sell', 'creditable_tax', 'exchange_rate', 'exonerated_base', 'exonerated_tax',
  'iva_returned', 'net_amount', 'opening_float', 'price', 'tax', 'tax_amount', 'total_amount', 'discount_limit_percent',
]);

const INSTANTS = new Set([
  'created_at', 'updated_at', 'cashier_seen_at', 'closed_at', 'deleted_at', 'delivered_at', 'disabled_at', 'drawer_opened_at',
  'expires_at', 'fetched_at', 'finished_at', 'imported_at', 'last_polled_at', 'last_scanned_at', 'last_triggered_at',
  'last_used_at', 'lease_until', 'locked_until', 'next_attempt_at', 'opened_at', 'past_due_since', 'received_at', 'revoked_at',
  'run_at', 'sent_at', 'used_at', 'last_seen_at', 'last_push_at', 'last_pull_at', 'paired_at', 'replicated_version',
]);

export function pgColumnType(_table: string, column: string, sqliteType: string, mode: string | undefined): string {
  if (sqliteType === 'blob') return 'bytea';
  if (sqliteType === 'real') return 'double precision';
  if (sqliteType === 'integer') return mode === 'boolean' ? 'integer' : 'bigint';
  if (MONEY.has(column)) return 'numeric';
  if (INSTANTS.has(column)) return 'timestamptz';
  return 'text';
}
