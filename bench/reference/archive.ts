/**
 * Fiscal-archive export benchmark: 10,000 documents (half of them with the tax authority's answer) are
 * seeded straight into a fresh store, copies of one real signed invoice under distinct claves, and the
 * export job of POST /archive/exports builds their ZIP. Prints the export rate (target >= 2,000 documents/s),
 * the ZIP's size, and the process's peak RSS during the export; as a baseline measured in the same run, the
 * time raw deflate alone takes over the same bytes (the irreducible part of the work).
 * Usage: npm run bench:archive [-- count]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { systemClock } from '../../src/domain/clock.ts';
import { DATABASE_FILE, openStore } from '../../src/store/database.ts';
import { localAccount } from '../../src/store/accounts.ts';
import { insertOrganization } from '../../src/store/organizations.ts';
import { ARCHIVE_EXPORT_JOB, getArchiveExport, queueArchiveExport } from '../../src/store/archive-exports.ts';
import { claimJobs } from '../../src/store/outbox-jobs.ts';
import { archiveExportHandler } from '../../src/archive/export-job.ts';
import { foreignDocument, signedAnswer } from '../../test/fixtures/archive-documents.ts';

const COUNT = Number(process.argv[2] ?? 10_000);
const dataDir = mkdtempSync(join(tmpdir(), 'facturador-archive-bench-'));
const store = openStore(join(dataDir, DATABASE_FILE));
const db = store.db;
const now = new Date();
const account = localAccount(db, now);
const org = insertOrganization(db, { uuid: randomUUID(), accountId: account.id, name: 'Archivo S.A.', identificationType: '02', identificationNumber: '3101123456', email: 'a@b.cr', createdAt: now.toISOString(), updatedAt: now.toISOString() });

// One real signed invoice and its answer; every row a copy under its own clave and consecutive.
const sample = foreignDocument(1, { issuedAt: '2026-03-15T10:30:00-06:00' });
const answer = signedAnswer(sample.clave);
const insert = db.$client.prepare(`INSERT INTO documents (organization_id, environment, document_type, clave, consecutive, situation, status,
  emisor_identification, emisor_name, receptor_identification, receptor_name, currency, exchange_rate, net_amount, tax_amount, total_amount,
  signed_xml, response_xml, transaction_id, issued_at, created_at, updated_at)
  VALUES (?, 'production', '01', ?, ?, '1', ?, '3101123456', 'Archivo S.A.', '114520789', 'María José Núñez Rojas', 'CRC', '1', '100000.00000', '13000.00000', '113000.00000', ?, ?, ?, ?, ?, ?)`);
const seedStart = performance.now();
store.transaction(() => {
  for (let i = 1; i <= COUNT; i++) {
    const consecutive = `0010000101${String(i).padStart(10, '0')}`;
    const clave = `506150326003101123456${consecutive}1${String(i).padStart(8, '0')}`;
    const accepted = i % 2 === 0;
    const day = String(1 + (i % 28)).padStart(2, '0');
    insert.run(org.id, clave, consecutive, accepted ? 'accepted' : 'sent', sample.xml, accepted ? answer : null, randomUUID(), `2026-03-${day}T10:30:00-06:00`, now.toISOString(), now.toISOString());
  }
});
const seedMs = performance.now() - seedStart;

// Baseline: raw deflate of the same bytes, nothing else.
const baselineStart = performance.now();
for (let i = 1; i <= COUNT; i++) {
  deflateRawSync(sample.xml);
  if (i % 2 === 0) deflateRawSync(answer);
}
const baselineMs = performance.now() - baselineStart;

const row = store.transaction((tx) => queueArchiveExport(tx, { id: randomUUID(), organizationId: org.id, environment: 'production', from: '2026-03-01', to: '2026-03-31' }, now));
const [job] = store.transaction((tx) => claimJobs(tx, [ARCHIVE_EXPORT_JOB], new Date(), 60_000, 1));
const handler = archiveExportHandler({ store, clock: systemClock, dataDir });
const rssBefore = process.memoryUsage().rss;
let peakRss = rssBefore;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
const exportStart = performance.now();
const commit = await handler(job!);
if (commit) store.transaction(() => commit());
const exportMs = performance.now() - exportStart;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);
const done = getArchiveExport(db, row.id)!;
if (done.status !== 'ready' || done.documents !== COUNT) throw new Error(`export ended ${done.status} with ${done.documents} documents: ${done.error}`);

const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);
console.log(`archive_export_documents: ${COUNT} documents`);
console.log(`archive_export_seed_time: ${(seedMs / 1000).toFixed(2)} s`);
console.log(`archive_export_time: ${(exportMs / 1000).toFixed(2)} s`);
console.log(`archive_export_rate: ${Math.round(COUNT / (exportMs / 1000))} documents/s`);
console.log(`archive_export_zip_size: ${mb(done.sizeBytes!)} MiB`);
console.log(`archive_export_xml_size: ${mb(COUNT * sample.xml.length + (COUNT / 2) * answer.length)} MiB`);
console.log(`archive_export_raw_deflate_time: ${(baselineMs / 1000).toFixed(2)} s`);
console.log(`archive_export_vs_raw_deflate: ${(exportMs / baselineMs).toFixed(2)} x`);
console.log(`archive_export_rss_before: ${mb(rssBefore)} MiB`);
console.log(`archive_export_peak_rss: ${mb(peakRss)} MiB`);
console.log(`archive_export_rss_growth: ${mb(peakRss - rssBefore)} MiB`);

store.close();
rmSync(dataDir, { recursive: true, force: true });
