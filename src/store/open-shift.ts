/** The open shift of a till, read on the issuing path (a statement prepared once): the sale belongs to it. */
import type { IssuingScope } from '../domain/issuing-port.ts';
import type { Db } from './database.ts';
import { prepared } from './prepared.ts';

export function openShiftId(db: Db, scope: IssuingScope, branch: string, terminal: string): number | undefined {
  const statement = prepared(db, 'openShiftId', () => db.$client.prepare(
    'SELECT id FROM shifts WHERE organization_id = ? AND environment = ? AND branch = ? AND terminal = ? AND closed_at IS NULL',
  ));
  const row = statement.get(scope.organizationId, scope.environment, branch, terminal) as { id: number } | undefined;
  return row?.id;
}
