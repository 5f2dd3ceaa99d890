/**
 * The watched folder, on real folders: settled XML, PDF and ZIP files are received and moved out of the way,
 * refused ones with their reason beside them; files still being written and other files are left alone.
 */
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configureFolder } from '../../../src/received/folder-settings.ts';
import { SCAN_FOLDER_JOB, scanFolderHandler } from '../../../src/received/scan-folder-job.ts';
import { PROBLEMS_FOLDER, PROCESSED_FOLDER, scanFolder } from '../../../src/received/watched-folder.ts';
import { getReceivedFolder } from '../../../src/store/received-folders.ts';
import { findReceivedByClave } from '../../../src/store/received-documents.ts';
import { foreignDocument } from '../../fixtures/archive-documents.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';
import { clock, fixture } from '../../helpers/use-case-store.ts';
import { receivingDeps } from '../../helpers/receiving.ts';

const dirs = tempDirs();
const f = fixture();
const deps = receivingDeps(f.store);
const scope = { organizationId: f.organization.id, environment: 'staging', owner: '3101123456' };
let serial = 0;
const supplierDocument = () => foreignDocument(++serial, { issuerId: '3101999999', receiverId: '3101123456', issuedAt: '2026-03-20T10:00:00-06:00' });

/** A file as the other software leaves it: written a minute before the scan (settled) unless `fresh`. */
function put(dir: string, name: string, bytes: Buffer, fresh = false): void {
  writeFileSync(join(dir, name), bytes);
  const at = new Date(clock.now().getTime() - (fresh ? 0 : 60_000));
  utimesSync(join(dir, name), at, at);
}

describe('the watched folder', () => {
  it('receives the settled files and moves each to procesados/ or con-problemas/ with its reason', async () => {
    const dir = dirs('facturador-folder-');
    const doc = supplierDocument();
    const forged = Buffer.from(supplierDocument().xml.toString().replace('<NumeroLinea>1<', '<NumeroLinea>2<'));
    put(dir, 'FE-1.xml', doc.xml);
    put(dir, `${doc.clave}.pdf`, Buffer.from('%PDF-1.4\n%%EOF\n'));
    put(dir, 'falsa.xml', forged);
    put(dir, 'escribiendo.xml', supplierDocument().xml, true);
    put(dir, 'notas.txt', Buffer.from('no es un comprobante'));

    const tally = await scanFolder(deps, scope, dir);
    expect(tally).toEqual({ taken: 3, stored: 1, problems: 1 });
    expect(findReceivedByClave(f.store.db, scope, doc.clave)).toMatchObject({ source: 'folder', pdf: expect.any(Buffer) });
    expect(readdirSync(join(dir, PROCESSED_FOLDER)).sort()).toEqual([`${doc.clave}.pdf`, 'FE-1.xml']);
    expect(readdirSync(join(dir, PROBLEMS_FOLDER)).sort()).toEqual(['falsa.xml', 'falsa.xml.motivo.txt']);
    expect(readFileSync(join(dir, PROBLEMS_FOLDER, 'falsa.xml.motivo.txt'), 'utf8')).toMatch(/signature does not verify/);
    expect(readdirSync(dir).sort()).toEqual([PROBLEMS_FOLDER, 'escribiendo.xml', 'notas.txt', PROCESSED_FOLDER]);
  }, 30_000);

  it('never overwrites an earlier file of the same name', async () => {
    const dir = dirs('facturador-folder-');
    const doc = supplierDocument();
    put(dir, 'factura.xml', doc.xml);
    await scanFolder(deps, scope, dir);
    put(dir, 'factura.xml', doc.xml);
    await scanFolder(deps, scope, dir);
    expect(readdirSync(join(dir, PROCESSED_FOLDER)).sort()).toEqual(['factura (2).xml', 'factura.xml']);
  }, 30_000);

  it('refuses a path that is relative, a system folder, the data directory or missing', () => {
    const dataDir = dirs('facturador-data-');
    const config = { store: f.store, config: { dataDir } };
    const input = { environment: 'staging', intervalMinutes: 5, enabled: true };
    for (const path of ['compras', '/etc', '/usr/share', dataDir, join(dataDir, 'tmp'), '/no/existe/facturador']) {
      expect(() => configureFolder(config, f.organization.id, { ...input, path }, clock.now()), path).toThrow(expect.objectContaining({ status: 422 }));
    }
  });

  it('is scanned by its outbox job, which records the scan and schedules the next one', async () => {
    const dir = dirs('facturador-folder-');
    put(dir, 'fe.xml', supplierDocument().xml);
    configureFolder({ store: f.store, config: { dataDir: dirs('facturador-data-') } }, f.organization.id, { environment: 'staging', path: dir, intervalMinutes: 10, enabled: true }, clock.now());
    f.store.db.$client.prepare('DELETE FROM outbox_jobs WHERE kind = ?').run(SCAN_FOLDER_JOB);
    const commit = await scanFolderHandler(deps)({ id: 0, kind: SCAN_FOLDER_JOB, payload: { organizationId: f.organization.id }, attempts: 1, runAt: clock.now().toISOString() });
    if (commit) f.store.transaction(() => commit());
    expect(getReceivedFolder(f.store.db, f.organization.id)).toMatchObject({ lastError: null, lastResult: { taken: 1, stored: 1, problems: 0 } });
    const next = f.store.db.$client.prepare("SELECT run_at AS runAt FROM outbox_jobs WHERE kind = ? AND status = 'pending'").all(SCAN_FOLDER_JOB);
    expect(next).toEqual([{ runAt: new Date(clock.now().getTime() + 10 * 60_000).toISOString() }]);
    expect(existsSync(join(dir, PROCESSED_FOLDER, 'fe.xml'))).toBe(true);
  }, 30_000);
});
