/**
 * What a report is made of, read from the store for one or more shifts (src/tills/shift-figures.ts computes
 * it): the shifts' documents and their VAT lines, the cash movements, the cashiers' names, and the count.
 */
import { Dec, ZERO } from '../domain/money.ts';
import { PAYMENT_KEYS, personOf, type PaymentKey, type ShiftReport, type ShiftSummary } from '../domain/shift-report.ts';
import type { Db } from '../store/database.ts';
import { movementsOf } from '../store/cash-movements.ts';
import { shiftDocuments, shiftVatLines } from '../store/shift-documents.ts';
import { cashierNames } from '../store/cashiers.ts';
import type { ShiftRow } from '../store/shifts.ts';
import type { CashCount } from './cash-count.ts';
import { shiftFigures } from './shift-figures.ts';

export interface ReportOptions {
  kind: ShiftReport['kind'];
  date: string | null;
  generatedAt: string;
  count: CashCount | null;
}

export function collectFigures(db: Db, organizationId: number, shifts: ShiftRow[], options: ReportOptions): ShiftReport {
  const ids = shifts.map((s) => s.id);
  const documents = shiftDocuments(db, ids);
  const movements = movementsOf(db, ids);
  const people = [
    ...shifts.flatMap((s) => [s.openedBy, s.closedBy]),
    ...documents.flatMap((d) => [d.cashierId, d.approvedBy]),
    ...movements.map((m) => m.cashierId),
  ].filter((id): id is number => id !== null);
  const names = cashierNames(db, organizationId, people);
  const person = (id: number | null) => personOf(names, id);
  const summaries: ShiftSummary[] = shifts.map((s) => ({
    id: s.id, branch: s.branch, terminal: s.terminal, environment: s.environment, opened_at: s.openedAt, closed_at: s.closedAt,
    opened_by: person(s.openedBy), closed_by: person(s.closedBy),
  }));
  return shiftFigures({
    ...options,
    shifts: summaries,
    openingFloat: shifts.reduce((sum, s) => sum.plus(s.openingFloat), ZERO).toFixed(5),
    documents,
    vatLines: shiftVatLines(db, ids),
    movements: movements.map((m) => ({ ...m, kind: m.kind === 'out' ? 'out' : 'in' })),
    names,
  });
}

/** The count kept at close (shifts.counts), read back as the figures take it. */
export function storedCount(shift: ShiftRow): CashCount | null {
  const counts = shift.counts as (Partial<Record<PaymentKey, string>> & { denominations?: Record<string, number> | null }) | null;
  if (!counts) return null;
  const amounts = Object.fromEntries(PAYMENT_KEYS.map((k) => [k, new Dec(counts[k] ?? 0).toFixed(5)])) as Record<PaymentKey, string>;
  return { amounts, denominations: counts.denominations ?? null };
}

