/**
 * How the stores run an action the shopkeeper starts (save, upload, revoke, e-mail…): mark it running and
 * clear the last failure, run it, keep what went wrong in the state (the screens show the server's words),
 * and clear the mark however it ended. Whether it may start at all (one at a time, a draft without
 * problems) stays with each store: those checks differ, the sequence does not.
 */
import { ApiRequestError } from '../api/client.ts';

/** Any thrown value as an Error, so a screen can always read `.message`. */
export const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

export interface ActionMarks<S> {
  /** Set before the action: its running mark, with the last failure cleared. */
  start: Partial<S>;
  /** What a failure leaves in the state. */
  failed(error: unknown): Partial<S>;
  /** Set after the action, success or failure: the running mark cleared. */
  end: Partial<S>;
}

/** Runs `action` between `marks`; true when it succeeded. */
export async function runAction<S>(set: (patch: Partial<S>) => void, marks: ActionMarks<S>, action: () => Promise<void>): Promise<boolean> {
  set(marks.start);
  try {
    await action();
    return true;
  } catch (error) {
    set(marks.failed(error));
    return false;
  } finally {
    set(marks.end);
  }
}

/** The state of a store that runs one action at a time: `busy` while it runs, its failure as `error`. */
export interface BusyState {
  busy: boolean;
  error: Error | null;
}

export const busyMarks: ActionMarks<BusyState> = { start: { busy: true, error: null }, failed: (error) => ({ error: asError(error) }), end: { busy: false } };

/** Runs actions of such a store; one asked for while another runs is not started (false). */
export function busyRunner(get: () => BusyState, set: (patch: Partial<BusyState>) => void) {
  return (action: () => Promise<void>): Promise<boolean> => (get().busy ? Promise.resolve(false) : runAction(set, busyMarks, action));
}

/** A form's failed save: the server's messages per field (shown under each field) and the error itself. */
export const formFailure = (error: unknown): { fieldErrors: Record<string, string[]>; error: Error } => ({
  fieldErrors: error instanceof ApiRequestError ? error.fieldErrors : {},
  error: asError(error),
});
