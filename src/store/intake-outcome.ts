/** How a run of an intake source (a mailbox's poll, a watched folder's scan) went, as its row keeps it. */
export interface Tally {
  taken: number;
  stored: number;
  problems: number;
}

export type IntakeOutcome = Tally | { error: string };

/** The columns a run sets besides its time: the error that stopped it, or what it took (a last result outlives errors). */
export function intakeColumns(outcome: IntakeOutcome): { lastError: string } | { lastError: null; lastResult: Tally } {
  return 'error' in outcome ? { lastError: outcome.error } : { lastError: null, lastResult: outcome };
}
