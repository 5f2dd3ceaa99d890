/**
 * The counter's cashiers (docs/tills.md, "Cashiers" and "PINs"): create, change, disable, and the PIN check
 * with its escalating lock. The organization keeps at least one active owner once it has cashiers, or nobody could
 * manage them from the screens (409 last_owner). PINs are hashed off the event loop (pin-hash.ts) before the
 * transaction, which stays synchronous.
 */
import type { Clock } from '../domain/clock.ts';
import type { CashierRole, SessionCashier } from '../domain/cashier.ts';
import { AppError, notFound } from '../domain/errors.ts';
import type { Store } from '../store/database.ts';
import {
  countOtherActiveOwners, getCashier, insertCashier, listCashiers, recordPinOutcome, takePinAttempt, updateCashier,
  type CashierChanges, type CashierRow,
} from '../store/cashiers.ts';
import { hashPin, verifyPin } from './pin-hash.ts';

export const MAX_PIN_ATTEMPTS = 5;
/** The first lock; each one after it doubles, up to PIN_LOCK_MAX_MS. */
export const PIN_LOCK_MS = 5 * 60_000;
export const PIN_LOCK_MAX_MS = 24 * 60 * 60_000;

export interface CashierDependencies {
  store: Pick<Store, 'db' | 'transaction'>;
  clock: Clock;
}

export interface CashierInput {
  name: string;
  pin: string;
  role: CashierRole;
}

export interface CashierUpdate {
  name?: string;
  pin?: string;
  role?: CashierRole;
  active?: boolean;
}

const lastOwner = () => new AppError('last_owner', 409, 'The organization must keep an active owner cashier: make another cashier owner first.');

function nameOf(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw new AppError('validation_error', 422, 'The name must not be blank.', { fieldErrors: { name: ['The name must not be blank.'] } });
  return trimmed;
}

export function findCashier(deps: Pick<CashierDependencies, 'store'>, organizationId: number, id: number): CashierRow {
  const row = getCashier(deps.store.db, organizationId, id);
  if (!row) throw notFound('Cashier');
  return row;
}

export const cashiersOf = (deps: Pick<CashierDependencies, 'store'>, organizationId: number, includeInactive = false) =>
  listCashiers(deps.store.db, organizationId, includeInactive);

/**
 * A new cashier. The first active one must be an owner: once an organization has a cashier its screens need
 * a PIN, and without an owner among them nobody could manage cashiers or settings from the screens.
 */
export async function createCashier(deps: CashierDependencies, organizationId: number, input: CashierInput): Promise<CashierRow> {
  const name = nameOf(input.name);
  const pinHash = await hashPin(input.pin);
  return deps.store.transaction((db) => {
    if (input.role !== 'owner' && countOtherActiveOwners(db, organizationId, 0) === 0) {
      throw new AppError('last_owner', 409, 'The first cashier must be an owner: create an owner cashier before the others.');
    }
    return insertCashier(db, organizationId, { name, role: input.role, pinHash }, deps.clock.now());
  });
}

/** Changes a cashier; a new PIN clears its lock. The last active owner may not be demoted or disabled. */
export async function changeCashier(deps: CashierDependencies, organizationId: number, id: number, update: CashierUpdate): Promise<CashierRow> {
  const changes: CashierChanges = {};
  if (update.name !== undefined) changes.name = nameOf(update.name);
  if (update.role !== undefined) changes.role = update.role;
  if (update.active !== undefined) changes.active = update.active;
  if (update.pin !== undefined) Object.assign(changes, { pinHash: await hashPin(update.pin), failedAttempts: 0, lockedUntil: null });
  return deps.store.transaction((db) => {
    const row = getCashier(db, organizationId, id);
    if (!row) throw notFound('Cashier');
    const staysOwner = (changes.role ?? row.role) === 'owner' && (changes.active ?? row.active);
    if (row.role === 'owner' && row.active && !staysOwner && countOtherActiveOwners(db, organizationId, id) === 0) throw lastOwner();
    return updateCashier(db, id, changes, deps.clock.now());
  });
}

export const disableCashier = (deps: CashierDependencies, organizationId: number, id: number) => changeCashier(deps, organizationId, id, { active: false });

function lockedError(until: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError('cashier_locked', 423, `Too many wrong PINs: this cashier is locked until ${until.toISOString()}.`, {
    headers: { 'Retry-After': seconds },
    details: { locked_until: until.toISOString() },
  });
}

/**
 * How long the try numbered `failedAttempts` (since the last right PIN) locks the cashier, if it does: every
 * fifth, for 5 minutes, then 10, 20, 40 … up to a day. The count is not reset by a lock, only by a right PIN
 * or a new one (PUT /cashiers/{id}), so guessing gets slower the longer it goes on: five tries a day at most
 * after some fifty (a 4-digit PIN would take years, not days).
 */
export function pinLockMs(failedAttempts: number): number | undefined {
  if (failedAttempts < MAX_PIN_ATTEMPTS || failedAttempts % MAX_PIN_ATTEMPTS !== 0) return undefined;
  const doublings = Math.min(failedAttempts / MAX_PIN_ATTEMPTS - 1, 20);
  return Math.min(PIN_LOCK_MS * 2 ** doublings, PIN_LOCK_MAX_MS);
}

/**
 * The cashier whose PIN this is: 404 for no active cashier of that id, 423 cashier_locked while locked, 401
 * pin_invalid with `attempts_left` for a wrong PIN; every fifth wrong one in a row locks it (pinLockMs).
 * The try is counted, and the fifth locks, before the PIN is hashed (store takePinAttempt), so tries sent at
 * once cannot all slip in while the first ones are being hashed: past the fifth, or while locked, the PIN is
 * not even hashed; the fifth's own PIN is, and a right one lifts the lock it set. `onWrongPin` hears of each
 * PIN hashed and found wrong (the per-session throttle, pin-throttle.ts).
 */
export async function checkPin(deps: CashierDependencies, organizationId: number, cashierId: number, pin: string, onWrongPin?: () => void): Promise<SessionCashier> {
  const row = getCashier(deps.store.db, organizationId, cashierId);
  if (!row || !row.active) throw notFound('Cashier');
  const db = deps.store.db;
  const attempt = deps.store.transaction((tx) => takePinAttempt(tx, row.id, deps.clock.now(), pinLockMs));
  if (attempt === undefined) throw lockedError(new Date(getCashier(db, organizationId, row.id)?.lockedUntil ?? deps.clock.now().toISOString()), deps.clock.now());
  const right = await verifyPin(pin, row.pinHash);
  if (right) {
    recordPinOutcome(db, row.id, { failedAttempts: 0, lockedUntil: null });
    return { id: row.id, name: row.name, role: row.role as CashierRole };
  }
  onWrongPin?.();
  if (attempt.lockedUntil !== null) throw lockedError(new Date(attempt.lockedUntil), deps.clock.now());
  const left = MAX_PIN_ATTEMPTS - (attempt.failedAttempts % MAX_PIN_ATTEMPTS);
  throw new AppError('pin_invalid', 401, `Wrong PIN: ${left} attempt(s) left before this cashier is locked.`, { details: { attempts_left: left } });
}
