/** Shifts and cash movements as /shifts answers them (schemas.ts), with the cashiers' names. */
import type { ShiftReport } from '../../../domain/shift-report.ts';
import type { CashMovementRow } from '../../../store/cash-movements.ts';
import type { ShiftRow } from '../../../store/shifts.ts';

type Names = ReadonlyMap<number, string>;

const person = (names: Names, id: number | null) => (id === null ? null : { id, name: names.get(id) ?? `#${id}` });

/** The people a view names, for store/shifts.ts cashierNames. */
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
    opened_by: person(names, row.openedBy),
    closed_at: row.closedAt,
    closed_by: person(names, row.closedBy),
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
    cashier: person(names, row.cashierId),
    created_at: row.createdAt,
  };
}
