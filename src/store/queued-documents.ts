/** Questions about the documents waiting for the tax authority (`queued`), answered from the status index. */
import type { Db } from './database.ts';
import { prepared } from './prepared.ts';

/** Whether a document of the organization waits, since `since`, with a `hacienda_message` starting with `prefix`. */
export function queuedWithReason(db: Db, organizationId: number, environment: string, prefix: string, since: string): boolean {
  const statement = prepared(db, 'queuedWithReason', () => db.$client.prepare(
    `SELECT 1 FROM documents WHERE status = 'queued' AND organization_id = ? AND environment = ?
       AND substr(hacienda_message, 1, length(CAST(? AS TEXT))) = ? AND updated_at >= ? LIMIT 1`,
  ));
  return statement.get(organizationId, environment, prefix, prefix, since) !== undefined;
}
