/**
 * One secret the vault sealed, to check at start-up that this process has the master key the data was
 * sealed under: processes sharing a PostgreSQL database must share FACTURADOR_MASTER_KEY
 * (docs/postgresql.md), and one started with another key would otherwise fail only later, on the first
 * document it signs. A certificate's PIN is small and sits in every organization that issues.
 */
import { isNotNull } from 'drizzle-orm';
import type { Db } from './database.ts';
import { credentials } from './schema.ts';

export interface SealedSample {
  organizationId: number;
  environment: string;
  sealed: Buffer;
}

export function sealedPinSample(db: Db): SealedSample | undefined {
  const row = db.select({ organizationId: credentials.organizationId, environment: credentials.environment, pin: credentials.pin })
    .from(credentials).where(isNotNull(credentials.pin)).limit(1).get();
  return row?.pin ? { organizationId: row.organizationId, environment: row.environment, sealed: Buffer.from(row.pin) } : undefined;
}
