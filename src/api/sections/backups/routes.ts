/**
 * Backups (beyond the spec: the desktop Settings screen lists, takes, downloads and restores them):
 *   GET  /backups                 the backups folder, newest first
 *   POST /backups                 take one now
 *   GET  /backups/{name}/file     download one
 *   POST /backups/{name}/restore  restore one of the folder (`{"confirm": true}`, the CLI's `--yes`)
 *   POST /backups/restore         restore an uploaded file (the body; `?confirm=true`)
 * Account key with `account:manage`: a backup is the whole database, every organization of the account
 * and its encrypted credentials, so no single organization's key may take, read or restore them.
 * A restore here replaces the rows of the running server's database in one transaction, with the outbox
 * paused and the replaced database kept (backup/restore-backup.ts); `facturador restore` swaps the file of a
 * stopped server. docs/backup.md
 */
import { createReadStream } from 'node:fs';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RoutePlugin } from '../route-plugin.ts';
import { AppError } from '../../../domain/errors.ts';
import { ok } from '../../envelope.ts';
import { FileReply } from '../../schema-types.ts';
import { notFound } from '../../errors.ts';
import { acceptFileUploads } from '../archive/upload.ts';
import { sessionId } from '../../browser/session-auth.ts';
import { SpooledUpload } from '../../../archive/upload-spool.ts';
import { backupsDir, listBackups, type BackupEntry } from '../../../backup/backup-files.ts';
import { BackupRejected } from '../../../backup/check-database.ts';
import { takeBackup } from '../../../backup/take-backup.ts';
import { restoreBackup, type RestoreDependencies } from '../../../backup/restore-backup.ts';
import { forgetTallies } from '../../../billing/usage-tally.ts';
import { languageOf } from '../../request-language.ts';
import { BackupListReply, BackupReply, NameParams, RestoreConfirmation, RestoredReply, UploadedDatabase, UploadRestoreQuery } from './schemas.ts';

const ACCOUNT_ONLY = { key: 'account', abilities: ['account:manage'] } as const;
const tags = ['backups'];

/** What a restore accepts as a database file (browsers give a .db file one of the last two, or none). */
const DATABASE_TYPES = ['application/vnd.sqlite3', 'application/x-sqlite3', 'application/octet-stream'];
/** Five years of a busy shop's documents, signed XML and answers included, stay well under this. */
const MAX_RESTORE_BYTES = 4 * 1024 * 1024 * 1024;

/** What the backups section uses: the database, the time, the data directory, and what a restore pauses or resets. */
export type BackupDependencies = Omit<RestoreDependencies, 'forgetCachedRows'>;

function backupView(entry: BackupEntry) {
  return { name: entry.name, size: entry.size, created_at: entry.createdAt.toISOString(), automatic: entry.kind === 'automatic', kind: entry.kind };
}

/** The restore (backup/restore-backup.ts), and the one-time sign-in link a browser session left unknown by it needs. */
async function restore(deps: RestoreDependencies, app: FastifyInstance, request: FastifyRequest, file: string, shownAs: string) {
  const result = await restoreBackup(deps, file, shownAs);
  const secret = request.browserSession ? sessionId(request) : undefined;
  const signedOut = secret !== undefined && app.browserSessions.find(secret) === undefined;
  const login = signedOut ? { login_url: `/login#${app.browserSessions.issueLoginToken()}` } : {};
  return ok({ restored_from: shownAs, kept_as: result.keptAs, migrations: result.migrations, rows: result.rows, ...login }, `Restored ${shownAs}; the replaced database was kept as ${result.keptAs}.`);
}

export const backupRoutes: RoutePlugin<BackupDependencies> = (deps) => async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const dir = backupsDir(deps.config.dataDir);
  const restoreDeps: RestoreDependencies = {
    store: deps.store, clock: deps.clock, config: deps.config, outbox: deps.outbox, hacienda: deps.hacienda,
    forgetCachedRows: () => forgetTallies(deps.store.db),
  };
  const tooBig = () => new AppError('payload_too_large', 413, `The file is larger than ${MAX_RESTORE_BYTES / (1024 * 1024 * 1024)} GiB; restore it with \`facturador restore\`.`);
  acceptFileUploads(fastify, deps.config.dataDir, DATABASE_TYPES, MAX_RESTORE_BYTES, tooBig);
  const listed = (name: string) => listBackups(dir).find((b) => b.name === name) ?? (() => { throw notFound('Backup'); })();

  app.get('/backups', {
    config: ACCOUNT_ONLY,
    schema: { tags, summary: 'Backups of the database in the data directory, newest first', response: { 200: BackupListReply } },
  }, async () => ok(listBackups(dir).map(backupView)));

  app.post('/backups', {
    config: ACCOUNT_ONLY,
    schema: { tags, summary: 'Take a backup now (an online copy: the app keeps working meanwhile)', response: { 201: BackupReply } },
  }, async (_request, response) => {
    try {
      const entry = await takeBackup(deps.store.db.$client, { dataDir: deps.config.dataDir, now: deps.clock.now() });
      response.code(201);
      return ok(backupView(entry), 'Backup taken.');
    } catch (error) {
      // The copy failed its own check: say so instead of a bare 500.
      if (error instanceof BackupRejected) throw new AppError('backup_failed', 500, error.message);
      throw error;
    }
  });

  app.get('/backups/:name/file', {
    config: ACCOUNT_ONLY,
    schema: { tags, summary: 'Download a backup (the SQLite file itself)', params: NameParams, response: { 200: FileReply('the SQLite file', 'application/vnd.sqlite3') } },
  }, async (request, reply) => {
    const entry = listed(request.params.name);
    return reply
      .header('content-type', 'application/vnd.sqlite3')
      .header('content-disposition', `attachment; filename="${entry.name}"`)
      .header('content-length', entry.size)
      .send(createReadStream(entry.path));
  });

  app.post('/backups/:name/restore', {
    config: ACCOUNT_ONLY,
    schema: {
      tags,
      summary: 'Restore a backup of the folder into the running database (the current one is kept first)',
      params: NameParams,
      body: RestoreConfirmation,
      response: { 200: RestoredReply },
    },
  }, async (request) => {
    const entry = listed(request.params.name);
    return restore(restoreDeps, fastify, request, entry.path, entry.name);
  });

  app.post('/backups/restore', {
    config: ACCOUNT_ONLY,
    schema: {
      tags,
      summary: 'Restore an uploaded backup file (the body, Content-Type application/vnd.sqlite3 or application/octet-stream)',
      consumes: DATABASE_TYPES,
      body: UploadedDatabase,
      querystring: UploadRestoreQuery,
      response: { 200: RestoredReply },
    },
  }, async (request) => {
    if (!(request.body instanceof SpooledUpload)) {
      throw new AppError('unsupported_media_type', 415, 'Send the backup file itself as the request body, with Content-Type: application/vnd.sqlite3.');
    }
    return restore(restoreDeps, fastify, request, request.body.path, request.query.filename || (languageOf(request) === 'en' ? 'the uploaded file' : 'el archivo subido'));
  });
};
