/**
 * Moving a consecutive-number counter by hand (PUT /organizations/me/consecutives), e.g. to continue the
 * numbering of a previous provider. Forward only: a lower number could repeat a consecutive the tax
 * authority already holds, so going back is 422 counter_backwards, naming where the counter stands.
 */
import type { Clock } from '../domain/clock.ts';
import { AppError } from '../domain/errors.ts';
import type { Store } from '../store/database.ts';
import { advanceCounter, getCounter, type CounterRow } from '../store/counters.ts';

export interface CounterDeps {
  store: Pick<Store, 'transaction'>;
  clock: Clock;
}

export interface CounterMove {
  organizationId: number;
  environment: string;
  /** Sucursal, 1 to 3 digits (stored as 3). */
  branch: string;
  /** Punto de venta, 1 to 5 digits (stored as 5). */
  terminal: string;
  documentType: string;
  /** The number the next document will use. */
  nextValue: number;
}

export function moveCounterForward(deps: CounterDeps, move: CounterMove): CounterRow {
  const key = {
    organizationId: move.organizationId,
    environment: move.environment,
    branch: move.branch.padStart(3, '0'),
    terminal: move.terminal.padStart(5, '0'),
    documentType: move.documentType,
  };
  // The refusal reads where the counter stands in the same transaction, so the message is not stale.
  return deps.store.transaction((tx) => {
    const row = advanceCounter(tx, key, move.nextValue, deps.clock.now());
    if (row) return row;
    const current = getCounter(tx, key)?.nextValue;
    throw new AppError('counter_backwards', 422,
      `The counter is already at ${current}; it can only move forward (a lower number could repeat a consecutive).`);
  });
}
