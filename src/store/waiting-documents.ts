/**
 * How many documents still wait on the tax authority, for the desktop shell's tray (main/tray.ts): every
 * environment counts, because the first-run test tickets go to the sandbox and the shopkeeper wants to see
 * them drain too. `queued` are those that could not be sent yet (offline); the others are sent or being
 * sent and wait for the verdict.
 */
import { and, count, inArray, isNull } from 'drizzle-orm';
import type { Db } from './database.ts';
import { documents } from './schema.ts';

export interface WaitingDocuments {
  /** processing + sent + queued */
  waiting: number;
  /** not yet delivered (tax authority unreachable or still retrying) */
  queued: number;
}

export function waitingDocuments(db: Db): WaitingDocuments {
  const rows = db.select({ status: documents.status, n: count() }).from(documents)
    // A till's documents replicated here wait for the tax authority at the till, not here.
    .where(and(inArray(documents.status, ['processing', 'sent', 'queued']), isNull(documents.tillId)))
    .groupBy(documents.status)
    .all();
  let waiting = 0;
  let queued = 0;
  for (const row of rows) {
    waiting += row.n;
    if (row.status === 'queued') queued += row.n;
  }
  return { waiting, queued };
}
