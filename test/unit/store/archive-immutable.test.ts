/**
 * The fiscal archive is kept by the database itself, not only by the app: a signed document's bytes, clave
 * and consecutive cannot be rewritten by any program that connects — on SQLite's file and on PostgreSQL,
 * where deleting one is refused too.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../src/store/database.ts';
import { localAccount } from '../../../src/store/accounts.ts';
import { insertOrganization } from '../../../src/store/organizations.ts';
import { documents } from '../../../src/store/schema.ts';
import { throwawayDatabase, type ThrowawayDatabase } from '../../helpers/postgres.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function sqliteStore(): Store {
  const dir = mkdtempSync(join(tmpdir(), 'facturador-archive-'));
  const store = openStore(join(dir, 'f.db'));
  cleanups.push(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return store;
}

function postgresStore(): Store {
  const database: ThrowawayDatabase = throwawayDatabase();
  const store = openStore(database.url);
  cleanups.push(() => {
    store.close();
    database.drop();
  });
  return store;
}

function storedDocument(store: Store): number {
  const at = '2026-11-27T12:00:00.000Z';
  const organization = insertOrganization(store.db, {
    uuid: randomUUID(), accountId: localAccount(store.db, new Date(at)).id, name: 'A', identificationType: '02',
    identificationNumber: '3101123456', email: 'a@b.cr', createdAt: at, updatedAt: at,
  });
  return store.db.insert(documents).values({
    organizationId: organization.id, environment: 'staging', documentType: '04', clave: '5'.repeat(50), consecutive: '00100001040000000001',
    situation: '1', status: 'accepted', currency: 'CRC', netAmount: '1000', taxAmount: '130', totalAmount: '1130',
    signedXml: Buffer.from('<TiqueteElectronico/>'), transactionId: randomUUID(), issuedAt: '2026-11-27T06:00:00-06:00', createdAt: at, updatedAt: at,
  }).returning({ id: documents.id }).get().id;
}

describe.each([['SQLite', sqliteStore], ['PostgreSQL', postgresStore]])('the archive on %s', (_engine, open) => {
  it('refuses to rewrite a signed document, and still lets its status move on', () => {
    const store = open();
    const id = storedDocument(store);
    const client = store.db.$client;
    expect(() => client.prepare('UPDATE documents SET signed_xml = ? WHERE id = ?').run(Buffer.from('<forged/>'), id)).toThrow(/archive/);
    expect(() => client.prepare('UPDATE documents SET consecutive = ? WHERE id = ?').run('00100001040000000002', id)).toThrow(/archive/);
    client.prepare("UPDATE documents SET status = 'rejected' WHERE id = ?").run(id);
    const row = client.prepare('SELECT status, signed_xml AS xml FROM documents WHERE id = ?').get(id) as { status: string; xml: Buffer };
    expect(row).toEqual({ status: 'rejected', xml: Buffer.from('<TiqueteElectronico/>') });
  });
});

describe('the archive on PostgreSQL', () => {
  it('refuses to delete a document', () => {
    const store = postgresStore();
    const id = storedDocument(store);
    expect(() => store.db.$client.prepare('DELETE FROM documents WHERE id = ?').run(id)).toThrow(/five years/);
    expect(store.db.$client.prepare('SELECT count(*) AS n FROM documents').get()).toEqual({ n: 1 });
  });
});
