/**
 * A real, migrated store in a temporary data directory for the use-case tests: an organization of the
 * local account, documents inserted as the issuing path leaves them, a counting outbox, and a switch that
 * makes every outbox job insert fail (an SQLite trigger), to see what a use case's transaction rolls back.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DATABASE_FILE, openStore, type Store } from '../../src/store/database.ts';
import { localAccount } from '../../src/store/accounts.ts';
import { insertOrganization, type OrganizationRow } from '../../src/store/organizations.ts';
import { documents } from '../../src/store/schema.ts';
import { findDocument, type DocumentRow } from '../../src/store/documents.ts';
import { tempDirs } from './temp-dirs.ts';

export const clock = { now: () => new Date('2026-04-01T12:00:00Z') };

const dirs = tempDirs();

export interface Fixture {
  dataDir: string;
  store: Store;
  organization: OrganizationRow;
  /** The outbox of the use cases: counts its wake-ups. */
  outbox: { wakes: number; wake(): void };
  /** A stored document; `clave` for one that must carry a given clave (the archive keeps it as stored). */
  document(fields?: { status?: string; type?: string; clave?: string }): DocumentRow;
  count(table: string): number;
  /** From now on, writing an outbox job fails (as a full disk would). */
  failJobs(): void;
}

let serial = 0;

export function fixture(): Fixture {
  const dataDir = dirs('facturador-use-case-');
  const store = openStore(join(dataDir, DATABASE_FILE));
  const at = clock.now().toISOString();
  const organization = insertOrganization(store.db, {
    uuid: randomUUID(), accountId: localAccount(store.db, clock.now()).id, name: 'A', identificationType: '02',
    identificationNumber: '3101123456', email: 'a@b.cr', createdAt: at, updatedAt: at,
  });
  const outbox = { wakes: 0, wake: () => void outbox.wakes++ };
  return {
    dataDir,
    store,
    organization,
    outbox,
    document: (fields = {}) => {
      const type = fields.type ?? '01';
      const n = String(++serial).padStart(10, '0');
      store.db.insert(documents).values({
        organizationId: organization.id, environment: 'staging', documentType: type,
        clave: fields.clave ?? `506010426003101123456001000010${type}${n}`.padEnd(50, '1').slice(0, 50), consecutive: `00100001${type}${n}`,
        situation: '1', status: fields.status ?? 'accepted', currency: 'CRC', netAmount: '1000', taxAmount: '130', totalAmount: '1130',
        signedXml: Buffer.from('<x/>'), transactionId: randomUUID(), issuedAt: at, createdAt: at, updatedAt: at,
      }).run();
      return findDocument(store.db, organization.id, 'staging', `00100001${type}${n}`)!;
    },
    count: (table) => (store.db.$client.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n,
    failJobs: () => store.db.$client.exec("CREATE TRIGGER fail_jobs BEFORE INSERT ON outbox_jobs BEGIN SELECT RAISE(ABORT, 'disk full'); END"),
  };
}
