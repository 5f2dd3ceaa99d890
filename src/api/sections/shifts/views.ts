/** Shifts and cash movements as /shifts answers them (schemas.ts), with the cashiers' names. */
import { personOf, type ShiftReport } from '../../../domain/shift-report.ts';
import type { CashMovementRow } from '../../../store/cash-movements.ts';
import type { ShiftRow } from '../../../store/shifts.ts';

type Names = ReadonlyMap<number, string>;

/** The people a view names, for store/cashiers.ts cashierNames. */
export const peopleOf = (rows: ShiftRow[]) => rows.flatMap((r) => [r.openedBy, r.closedBy]).filter((id): id is number => id !== null);

function countsView(row: ShiftRow) {
  const c = row.counts as Record<string, unknown> | null;
  if (!c) return null;
  const amount = (k: string) => (typeof c[k] === 'string' ? (c[k] as string) : '0.00000');
  return {
    cash: amount('cash'), card: amount('card'), sinpe_movil: amount('sinpe_movil'), transfer: amount('transfer'), other: amount('other'),
    denominations: (c['denominations'] as Record<string, number> | null | undefined) ?? null,
  };
}

export function shiftListItemView(row: ShiftRow, names: Names) {
  const figures = row.figures as ShiftReport | null;
  return {
    id: row.id,
    branch: row.branch,
    terminal: row.terminal,
    environment: row.environment,
    state: row.closedAt ? ('closed' as const) : ('open' as const),
    opening_float: row.openingFloat,
    opened_at: row.openedAt,
    opened_by: personOf(names, row.openedBy),
    closed_at: row.closedAt,
    closed_by: personOf(names, row.closedBy),
    counts: countsView(row),
    difference: figures?.count.difference ?? null,
  };
}

export function shiftView(row: ShiftRow, names: Names) {
  return { ...shiftListItemView(row, names), figures: (row.figures as ShiftReport | null) ?? null };
}

export function movementView(row: CashMovementRow, names: Names) {
  return {
    id: row.id,
    shift_id: row.shiftId,
    kind: row.kind === 'out' ? ('out' as const) : ('in' as const),
    amount: row.amount,
    reason: row.reason,
    cashier: personOf(names, row.cashierId),
    created_at: row.createdAt,
  };
}
