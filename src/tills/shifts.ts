/**
 * A till's shift (docs/tills.md, "Shifts"): open it with a float, put cash in or take it out with a reason,
 * close it with a count — the Z figures are computed and kept in the transaction that closes it, so they are
 * what the count was compared with — and find the till's open one. A till is a branch and a terminal of the
 * consecutive, in the key's environment; one shift is open per till (409 shift_already_open).
 */
import type { Clock } from '../domain/clock.ts';
import { AppError, validationError } from '../domain/errors.ts';
import type { Db, Store } from '../store/database.ts';
import { insertCashMovement, type CashMovementRow } from '../store/cash-movements.ts';
import {
  closeShiftRow, getShift, insertShift, isShiftAlreadyOpen, openShiftOf, type ShiftRow, type ShiftScope,
} from '../store/shifts.ts';
import { moneyAmount, readCashCount } from './cash-count.ts';
import { assertMayActOnShift, type ShiftActor } from './shift-access.ts';
import { collectFigures } from './collect-figures.ts';

export interface ShiftDeps {
  store: Pick<Store, 'db' | 'transaction'>;
  clock: Clock;
}

/** Branch (3 digits) and terminal (5), zero-padded as in the consecutive; the schema checked the digits. */
export function tillOf(terminal: string, branch: string | undefined): { branch: string; terminal: string } {
  return { branch: (branch || '1').padStart(3, '0'), terminal: terminal.padStart(5, '0') };
}

const alreadyOpen = (till: { branch: string; terminal: string }) =>
  new AppError('shift_already_open', 409, `Till ${till.branch}-${till.terminal} already has an open shift: close it first.`);

export function openShift(deps: ShiftDeps, scope: ShiftScope, actor: ShiftActor, input: { terminal: string; branch?: string | undefined; opening_float: unknown }): ShiftRow {
  const float = moneyAmount(input.opening_float);
  if (!float) throw validationError({ opening_float: ['Must be an amount of 0 or more with at most 5 decimals.'] });
  const till = tillOf(input.terminal, input.branch);
  try {
    return deps.store.transaction((db) => {
      if (openShiftOf(db, scope, till.branch, till.terminal)) throw alreadyOpen(till);
      return insertShift(db, scope, { ...till, openingFloat: float.toFixed(5), openedBy: actor.cashier?.id ?? null }, deps.clock.now());
    });
  } catch (error) {
    if (isShiftAlreadyOpen(error)) throw alreadyOpen(till);
    throw error;
  }
}

/** A shift of the organization and environment, 404 shift_not_found otherwise (another's is not found either). */
export function shiftIn(db: Db, scope: ShiftScope, id: number): ShiftRow {
  const shift = getShift(db, scope, id);
  if (!shift) throw new AppError('shift_not_found', 404, `No shift ${id} in this organization.`);
  return shift;
}

/** GET /shifts/{id}: a closed shift carries its Z, so a cashier reads its own shifts only (or with an approval). */
export function findShift(deps: Pick<ShiftDeps, 'store'>, scope: ShiftScope, actor: ShiftActor, id: number): ShiftRow {
  const shift = shiftIn(deps.store.db, scope, id);
  assertMayActOnShift(actor, shift);
  return shift;
}

/** The open shift of a till, 404 no_open_shift when it has none. */
export function currentShift(deps: Pick<ShiftDeps, 'store'>, scope: ShiftScope, terminal: string, branch: string | undefined): ShiftRow {
  const till = tillOf(terminal, branch);
  const shift = openShiftOf(deps.store.db, scope, till.branch, till.terminal);
  if (!shift) throw new AppError('no_open_shift', 404, `Till ${till.branch}-${till.terminal} has no open shift.`);
  return shift;
}

const closedError = (shift: ShiftRow) => new AppError('shift_closed', 409, `Shift ${shift.id} was closed at ${shift.closedAt ?? ''}: open a new one.`);

export function recordMovement(deps: ShiftDeps, scope: ShiftScope, actor: ShiftActor, id: number, input: { kind: 'in' | 'out'; amount: unknown; reason: string }): CashMovementRow {
  const amount = moneyAmount(input.amount);
  if (!amount || amount.isZero()) throw validationError({ amount: ['Must be an amount above 0 with at most 5 decimals.'] });
  const reason = input.reason.trim();
  if (reason === '') throw validationError({ reason: ['Say why the cash goes in or out.'] });
  return deps.store.transaction((db) => {
    const shift = shiftIn(db, scope, id);
    assertMayActOnShift(actor, shift);
    if (shift.closedAt) throw closedError(shift);
    return insertCashMovement(db, {
      shiftId: shift.id, kind: input.kind, amount: amount.toFixed(5), reason, cashierId: actor.cashier?.id ?? null, approvedBy: actor.approvedBy?.id ?? null,
    }, deps.clock.now());
  });
}

/** Closes the shift with its count; the Z figures are computed and kept in the same transaction. */
export function closeShift(deps: ShiftDeps, scope: ShiftScope, actor: ShiftActor, id: number, input: { counts?: unknown }): ShiftRow {
  const count = readCashCount(input.counts);
  return deps.store.transaction((db) => {
    const shift = shiftIn(db, scope, id);
    assertMayActOnShift(actor, shift);
    if (shift.closedAt) throw closedError(shift);
    const at = deps.clock.now();
    const closing = { ...shift, closedAt: at.toISOString(), closedBy: actor.cashier?.id ?? null };
    const report = collectFigures(db, scope.organizationId, [closing], { kind: 'Z', date: null, generatedAt: at.toISOString(), count });
    const counts = { ...count.amounts, denominations: count.denominations };
    const closed = closeShiftRow(db, shift.id, { closedBy: closing.closedBy, counts, figures: report as unknown as Record<string, unknown> }, at);
    if (!closed) throw closedError(shift);
    return closed;
  });
}
