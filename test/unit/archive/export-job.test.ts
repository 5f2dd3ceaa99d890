/**
 * The export job's states without a server: a run after a crash starts over (a leftover `.part` file is
 * rebuilt, never published half-written), a failing attempt puts the export back to pending with its error,
 * and the last one marks it failed; a settled export is left alone.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { DATABASE_FILE, openStore, type Store } from '../../../src/store/database.ts';
import { localAccount } from '../../../src/store/accounts.ts';
import { insertOrganization } from '../../../src/store/organizations.ts';
import { getArchiveExport, queueArchiveExport } from '../../../src/store/archive-exports.ts';
import { insertImportedDocument } from '../../../src/store/imported-documents.ts';
import { archiveExportHandler } from '../../../src/archive/export-job.ts';
import { RetryAt } from '../../../src/outbox/worker.ts';
import type { OutboxJob } from '../../../src/store/outbox-jobs.ts';
import { foreignDocument } from '../../fixtures/archive-documents.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const clock = { now: () => new Date('2026-04-01T12:00:00Z') };

function setUp(): { store: Store; dataDir: string; exportId: string; job: (attempts: number) => OutboxJob } {
  const dataDir = mkdtempSync(join(tmpdir(), 'export-job-'));
  dirs.push(dataDir);
  const store = openStore(join(dataDir, DATABASE_FILE));
  const now = clock.now();
  const org = insertOrganization(store.db, { uuid: randomUUID(), accountId: localAccount(store.db, now).id, name: 'A', identificationType: '02', identificationNumber: '3101123456', email: 'a@b.cr', createdAt: now.toISOString(), updatedAt: now.toISOString() });
  const doc = foreignDocument(1);
  insertImportedDocument(store.db, {
    organizationId: org.id, environment: 'staging', clave: doc.clave, documentType: '01', consecutive: doc.consecutive, issuerIdentification: '3101123456',
    issuerName: 'A', currency: 'CRC', totalAmount: '1.00000', issuedAt: '2025-06-15T10:30:00-06:00', signedXml: doc.xml, sourceFile: 'a.xml', importedAt: now.toISOString(),
  });
  const row = store.transaction((db) => queueArchiveExport(db, { id: randomUUID(), organizationId: org.id, environment: 'staging', from: '2025-06-01', to: '2025-06-30' }, now));
  return { store, dataDir, exportId: row.id, job: (attempts) => ({ id: 1, kind: 'archive_export', payload: { exportId: row.id }, attempts, runAt: now.toISOString() }) };
}

describe('archive_export job', () => {
  it('starts over after a crash: the half-written file is replaced, then published ready', async () => {
    const { store, dataDir, exportId, job } = setUp();
    mkdirSync(join(dataDir, 'exports'));
    writeFileSync(join(dataDir, 'exports', `${exportId}.zip.part`), 'half a zip from the run that died');
    store.db.$client.prepare("UPDATE archive_exports SET status = 'running'").run();
    const commit = await archiveExportHandler({ store, clock, dataDir })(job(2));
    expect(getArchiveExport(store.db, exportId)!.status).toBe('running'); // ready only with the job's commit
    store.transaction(() => commit!());
    expect(getArchiveExport(store.db, exportId)).toMatchObject({ status: 'ready', documents: 1, filePath: `exports/${exportId}.zip`, finishedAt: '2026-04-01T12:00:00.000Z', expiresAt: '2026-04-08T12:00:00.000Z' });
    expect(readdirSync(join(dataDir, 'exports'))).toEqual([`${exportId}.zip`]);
    const zip = await yauzl.openPromise(join(dataDir, 'exports', `${exportId}.zip`));
    expect(zip.entryCount).toBe(2);
    zip.close();
    // The job again (its completion was lost): the export is settled, nothing happens.
    expect(await archiveExportHandler({ store, clock, dataDir })(job(3))).toBeUndefined();
    store.close();
  });

  it('retries a failing attempt with the export pending, and fails it after the last', async () => {
    const { store, dataDir, exportId, job } = setUp();
    writeFileSync(join(dataDir, 'exports'), 'a file where the exports folder should be');
    const handler = archiveExportHandler({ store, clock, dataDir, random: () => 0.5 });
    const retry = await handler(job(1)).then(() => undefined, (e: unknown) => e);
    expect(retry).toBeInstanceOf(RetryAt);
    store.transaction(() => (retry as RetryAt).commit!());
    expect(getArchiveExport(store.db, exportId)).toMatchObject({ status: 'pending', error: expect.stringMatching(/EEXIST|ENOTDIR/) });
    const commit = await handler(job(3));
    store.transaction(() => commit!());
    expect(getArchiveExport(store.db, exportId)).toMatchObject({ status: 'failed', finishedAt: '2026-04-01T12:00:00.000Z' });
    expect(existsSync(join(dataDir, 'exports'))).toBe(true);
    store.close();
  });
});
