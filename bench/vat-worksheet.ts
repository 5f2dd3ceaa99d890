/**
 * VAT worksheet benchmark: the month of 10,000 issued and 2,000 received documents of
 * test/fixtures/vat-month.ts in a real SQLite store, and the time the worksheet takes for it, against issue
 * 14's target of one second. The first run prepares the statements; the figure is the median of the rest.
 * Usage: npx tsx bench/vat-worksheet.ts [runs]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { DATABASE_FILE, openStore } from '../src/store/database.ts';
import { localAccount } from '../src/store/accounts.ts';
import { insertOrganization } from '../src/store/organizations.ts';
import { vatReport } from '../src/reports/vat-report.ts';
import { readDocumentVat } from '../src/reports/read-document-vat.ts';
import { seedVatMonth } from '../test/fixtures/vat-month.ts';

const RUNS = Number(process.argv[2] ?? 7);
const dir = mkdtempSync(join(tmpdir(), 'facturador-bench-vat-'));
const store = openStore(join(dir, DATABASE_FILE));
const now = new Date('2026-11-26T12:00:00Z');
const clock = { now: () => now };
const at = now.toISOString();
const organization = insertOrganization(store.db, {
  uuid: randomUUID(), accountId: localAccount(store.db, now).id, name: 'Bench', identificationType: '02',
  identificationNumber: '3101123456', email: 'bench@example.cr', createdAt: at, updatedAt: at,
});
seedVatMonth(store, organization.id, at);

const deps = { store, clock, readVat: async (bytes: Buffer) => readDocumentVat(bytes) };
const scope = { organizationId: organization.id, environment: 'staging' };
const times: number[] = [];
for (let run = 0; run <= RUNS; run++) {
  const started = performance.now();
  await vatReport(deps, scope, { month: '2026-03' });
  if (run > 0) times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
console.log(`vat_worksheet_documents: 12000 count`);
console.log(`vat_worksheet_ms: ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms`);
console.log(`vat_worksheet_target: 1000 ms`);
store.close();
rmSync(dir, { recursive: true, force: true });
