/**
 * A shift's report (docs/tills.md): the X report computed now while the shift is open, the Z report as it
 * was kept at close once it is closed (a document whose verdict comes later does not rewrite a Z that was
 * counted and signed off).
 */
import type { ShiftReport } from '../domain/shift-report.ts';
import type { ShiftScope } from '../store/shifts.ts';
import { collectFigures, storedCount } from './collect-figures.ts';
import { assertMayActOnShift, type ShiftActor } from './shift-access.ts';
import { shiftIn, type ShiftDeps } from './shifts.ts';

/** GET /shifts/{id}/report: X while open, the kept Z once closed. A cashier reads its own shift's only. */
export function shiftReport(deps: ShiftDeps, scope: ShiftScope, actor: ShiftActor, id: number): ShiftReport {
  const db = deps.store.db;
  const shift = shiftIn(db, scope, id);
  assertMayActOnShift(actor, shift);
  if (shift.closedAt && shift.figures) return shift.figures as unknown as ShiftReport;
  return collectFigures(db, scope.organizationId, [shift], { kind: shift.closedAt ? 'Z' : 'X', date: null, generatedAt: deps.clock.now().toISOString(), count: storedCount(shift) });
}
