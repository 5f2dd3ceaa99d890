/**
 * A data directory with an organization and a test key for it, written before the server starts (the
 * benchmarks measure the server, not its set-up routes). Returns the key's secret.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { openStore, DATABASE_FILE } from '../../src/store/database.ts';
import { localAccount } from '../../src/store/accounts.ts';
import { createApiKey } from '../../src/store/api-keys.ts';
import { insertOrganization, type NewOrganization } from '../../src/store/organizations.ts';
import { ORGANIZATION_ABILITIES } from '../../src/api/abilities.ts';

export function seedBenchOrganization(dataDir: string, extra: Partial<NewOrganization> = {}): string {
  const store = openStore(join(dataDir, DATABASE_FILE));
  try {
    const now = new Date();
    const account = localAccount(store.db, now);
    const org = insertOrganization(store.db, {
      uuid: randomUUID(), accountId: account.id, name: 'Bench S.A.', identificationType: '02', identificationNumber: '3101123456',
      email: 'bench@example.cr', createdAt: now.toISOString(), updatedAt: now.toISOString(), ...extra,
    });
    return createApiKey(store.db, { accountId: account.id, organizationId: org.id, name: 'bench', mode: 'test', abilities: [...ORGANIZATION_ABILITIES], expiresAt: null }, now).secret;
  } finally {
    store.close();
  }
}
