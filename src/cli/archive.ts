/**
 * The fiscal archive from the command line, against the data directory's store directly (the server may be
 * running: SQLite in WAL mode lets both work):
 *   facturador archive export --from YYYY-MM-DD --to YYYY-MM-DD --out FILE.zip [--organization ID] [--environment E]
 *   facturador archive import FILE.zip [--organization ID] [--environment E]
 * `--organization` is the organization's uuid or identification number (needed only when the account has
 * several); `--environment` defaults to production. Progress goes to stderr, the result to stdout. The
 * export is the same ZIP as GET /archive/exports/{id}/download; the import is POST /archive/import's,
 * without its upload size limit (exit 1 when some files had problems).
 */
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { systemClock } from '../domain/clock.ts';
import { openStore, storeLocation, type Store } from '../store/database.ts';
import { localAccount } from '../store/accounts.ts';
import { findOrganizationByIdentification, getOrganizationByUuid, listOrganizations, type OrganizationRow } from '../store/organizations.ts';
import { countArchiveDocuments } from '../store/archive-pages.ts';
import { archiveScope, writeArchiveZip } from '../archive/write-archive.ts';
import { importZipFile } from '../archive/import-archive.ts';
import { ArchiveRejected } from '../archive/zip-reader.ts';
import type { Output } from './output.ts';
import { progressBar, type ProgressStream } from './progress.ts';
import { readCalendarDate } from '../domain/calendar-date.ts';

export interface ArchiveCommandOptions {
  organization?: string;
  environment?: string;
  dataDir?: string;
  /** Where the progress bar is drawn (default stderr). */
  progress?: ProgressStream;
}

export interface ExportCommandOptions extends ArchiveCommandOptions {
  from?: string;
  to?: string;
  out?: string;
}

class UsageError extends Error {}

function environmentOf(value: string | undefined): string {
  const environment = value ?? 'production';
  if (environment !== 'production' && environment !== 'staging') throw new UsageError('--environment must be production or staging');
  return environment;
}

function organizationOf(store: Store, wanted: string | undefined): OrganizationRow {
  const account = localAccount(store.db, systemClock.now());
  if (wanted) {
    const found = getOrganizationByUuid(store.db, account.id, wanted) ?? findOrganizationByIdentification(store.db, account.id, wanted);
    if (!found) throw new UsageError(`no organization ${wanted} in this data directory`);
    return found;
  }
  const all = listOrganizations(store.db, account.id);
  if (all.length === 1) return all[0]!;
  if (all.length === 0) throw new UsageError('this data directory has no organization yet');
  throw new UsageError(`several organizations: choose one with --organization (${all.map((o) => `${o.identificationNumber} ${o.name}`).join('; ')})`);
}

async function withStore(options: ArchiveCommandOptions, out: Output, run: (store: Store) => Promise<number>): Promise<number> {
  const store = openStore(storeLocation(loadConfig({ dataDir: options.dataDir })));
  try {
    return await run(store);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ArchiveRejected) {
      out.error(error.message);
      return 2;
    }
    // The output folder missing, no permission, a full disk: the system's message says it.
    if (typeof (error as NodeJS.ErrnoException).code === 'string' && (error as NodeJS.ErrnoException).syscall) {
      out.error((error as Error).message);
      return 1;
    }
    throw error;
  } finally {
    store.close();
  }
}

export function archiveExport(options: ExportCommandOptions, out: Output): Promise<number> {
  const { from, to } = options;
  // Real calendar dates only: 2026-02-30 would silently export nothing for a day that does not exist.
  if (!from || !to || !readCalendarDate(from) || !readCalendarDate(to) || to < from || !options.out) {
    out.error('archive export needs --from YYYY-MM-DD --to YYYY-MM-DD (to on or after from) and --out FILE.zip');
    return Promise.resolve(2);
  }
  const file = resolve(options.out);
  return withStore(options, out, async (store) => {
    const organization = organizationOf(store, options.organization);
    const range = { organizationId: organization.id, environment: environmentOf(options.environment), from, to };
    const total = countArchiveDocuments(store.db, archiveScope(range));
    const bar = progressBar(options.progress ?? process.stderr, 'exporting');
    bar.update(0, total);
    const summary = await writeArchiveZip(store.db, range, file, { onProgress: (done) => bar.update(done, total) });
    bar.finish();
    out.write(`${file}: ${summary.documents} documents of ${organization.identificationNumber} (${range.environment}, ${from} to ${to}), ${summary.sizeBytes} bytes`);
    return 0;
  });
}

export function archiveImport(file: string, options: ArchiveCommandOptions, out: Output): Promise<number> {
  return withStore(options, out, async (store) => {
    const organization = organizationOf(store, options.organization);
    const environment = environmentOf(options.environment);
    const bar = progressBar(options.progress ?? process.stderr, 'importing');
    const result = await importZipFile(resolve(file), { store, clock: systemClock, organization, environment }, { onProgress: (done, total) => bar.update(done, total) });
    bar.finish();
    out.write(`${result.imported} imported, ${result.skipped} skipped, ${result.responses} answers stored, ${result.problems.length} problems (${organization.identificationNumber}, ${environment})`);
    for (const problem of result.problems) out.write(`problem: ${problem.file}: ${problem.reason}`);
    if (result.chainNotVerified > 0) out.write(`${result.chainNotVerified} signatures valid, chain to a Costa Rican root not verified (docs/signature.md)`);
    return result.problems.length > 0 ? 1 : 0;
  });
}
