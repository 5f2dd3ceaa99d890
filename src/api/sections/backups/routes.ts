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
 * paused and the replaced database kept (backup/restore-live.ts); `facturador restore` swaps the file of a
 * stopped server. docs/backup.md
 */
import { createReadStream } from 'node:fs';
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Core } from '../../../core.ts';
import { ok } from '../../envelope.ts';
import { Envelope, FileReply } from '../../schema-types.ts';
import { ApiError, notFound } from '../../errors.ts';
import { acceptFileUploads } from '../archive/upload.ts';
import { sessionId } from '../../browser/session-auth.ts';
import { SpooledUpload } from '../../../archive/upload-spool.ts';
import { backupsDir, listBackups, type BackupEntry } from '../../../backup/backup-files.ts';
import { BackupRejected } from '../../../backup/check-database.ts';
import { takeBackup } from '../../../backup/take-backup.ts';
import { restoreLive } from '../../../backup/restore-live.ts';
import { releaseLeases } from '../../../store/outbox-jobs.ts';
import { forgetTallies } from '../../../billing/usage-tally.ts';
import { serverMessage } from '../../../i18n/server-messages.ts';
import { languageOf } from '../../request-language.ts';

const ACCOUNT_ONLY = { key: 'account', abilities: ['account:manage'] } as const;
const tags = ['backups'];

/** What a restore accepts as a database file (browsers give a .db file one of the last two, or none). */
const DATABASE_TYPES = ['application/vnd.sqlite3', 'application/x-sqlite3', 'application/octet-stream'];
/** Five years of a busy shop's documents, signed XML and answers included, stay well under this. */
const MAX_RESTORE_BYTES = 4 * 1024 * 1024 * 1024;

const Backup = Type.Object({
  name: Type.String({ description: 'file name in the backups folder of the data directory' }),
  size: Type.Integer({ description: 'bytes' }),
  created_at: Type.String({ format: 'date-time' }),
  automatic: Type.Boolean({ description: 'taken by the daily schedule (kept 30 days); false: asked for, or kept by a restore' }),
  kind: Type.Union([Type.Literal('manual'), Type.Literal('automatic'), Type.Literal('before-restore')]),
}, { description: 'Backup' });

const NameParams = Type.Object({ name: Type.String({ pattern: '^facturador-[0-9a-z-]{15,40}\\.db$', description: 'a name GET /backups lists' }) });

const Restored = Type.Object({
  restored_from: Type.String({ description: 'the backup name, or the uploaded file name' }),
  kept_as: Type.String({ description: 'name of the copy of the replaced database, in the backups folder' }),
  migrations: Type.Integer({ description: 'migrations the restored file had; this version applied the rest before restoring' }),
  rows: Type.Integer({ description: 'rows restored' }),
  login_url: Type.Optional(Type.String({ description: "only for a browser session the restored data does not know (the backup lacks its key): a one-time sign-in link, relative to the server's address" })),
}, { description: 'BackupRestored' });

function backupView(entry: BackupEntry) {
  return { name: entry.name, size: entry.size, created_at: entry.createdAt.toISOString(), automatic: entry.kind === 'automatic', kind: entry.kind };
}

/** One restore at a time per server: a second would copy the first one's half-done state as "before". */
const restoring = new WeakSet<Core>();

/** The restore itself and what it leaves for the caller; refusals are 422 `backup_rejected` in the user's words. */
async function restore(core: Core, app: FastifyInstance, request: FastifyRequest, file: string, shownAs: string) {
  if (restoring.has(core)) throw new ApiError('restore_in_progress', 409, serverMessage('en', 'restore_running'));
  restoring.add(core);
  try {
    const result = await restoreLive(file, {
      client: core.store.db.$client,
      dataDir: core.config.dataDir,
      now: core.clock.now(),
      pause: async () => {
        const running = core.outbox.running;
        await core.outbox.stop();
        return () => {
          if (!running) return;
          // Jobs the backup holds as `running` belong to no live worker: due again now, as after a crash.
          releaseLeases(core.store.db, core.clock.now());
          core.outbox.start();
        };
      },
    });
    // Caches of the replaced rows: the tax authority's sessions and verdicts, the usage tally.
    core.hacienda.tokens.reset();
    forgetTallies(core.store.db);
    const secret = request.browserSession ? sessionId(request) : undefined;
    const signedOut = secret !== undefined && app.browserSessions.find(secret) === undefined;
    const login = signedOut ? { login_url: `/login#${app.browserSessions.issueLoginToken()}` } : {};
    return ok({ restored_from: shownAs, kept_as: result.keptAs, migrations: result.migrations, rows: result.rows, ...login }, `Restored ${shownAs}; the replaced database was kept as ${result.keptAs}.`);
  } catch (error) {
    if (error instanceof BackupRejected) throw new ApiError('backup_rejected', 422, error.message.split(file).join(shownAs));
    throw error;
  } finally {
    restoring.delete(core);
  }
}

export const backupRoutes: RoutePlugin = (core) => async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const dir = backupsDir(core.config.dataDir);
  const tooBig = () => new ApiError('payload_too_large', 413, `The file is larger than ${MAX_RESTORE_BYTES / (1024 * 1024 * 1024)} GiB; restore it with \`facturador restore\`.`);
  acceptFileUploads(fastify, core.config.dataDir, DATABASE_TYPES, MAX_RESTORE_BYTES, tooBig);
  const listed = (name: string) => listBackups(dir).find((b) => b.name === name) ?? (() => { throw notFound('Backup'); })();

  app.get('/backups', {
    config: ACCOUNT_ONLY,
    schema: { tags, summary: 'Backups of the database in the data directory, newest first', response: { 200: Envelope(Type.Array(Backup)) } },
  }, async () => ok(listBackups(dir).map(backupView)));

  app.post('/backups', {
    config: ACCOUNT_ONLY,
    schema: { tags, summary: 'Take a backup now (an online copy: the app keeps working meanwhile)', response: { 201: Envelope(Backup) } },
  }, async (_request, response) => {
    try {
      const entry = await takeBackup(core.store.db.$client, { dataDir: core.config.dataDir, now: core.clock.now() });
      response.code(201);
      return ok(backupView(entry), 'Backup taken.');
    } catch (error) {
      // The copy failed its own check: say so instead of a bare 500.
      if (error instanceof BackupRejected) throw new ApiError('backup_failed', 500, error.message);
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
      body: Type.Object({ confirm: Type.Literal(true, { description: 'the confirmation `facturador restore` asks for' }) }),
      response: { 200: Envelope(Restored) },
    },
  }, async (request) => {
    const entry = listed(request.params.name);
    return restore(core, fastify, request, entry.path, entry.name);
  });

  app.post('/backups/restore', {
    config: ACCOUNT_ONLY,
    schema: {
      tags,
      summary: 'Restore an uploaded backup file (the body, Content-Type application/vnd.sqlite3 or application/octet-stream)',
      consumes: DATABASE_TYPES,
      body: Type.Unknown({ description: 'the backup file itself (binary SQLite database); read by the route, never by a schema' }),
      querystring: Type.Object({
        confirm: Type.Literal('true', { description: 'the confirmation `facturador restore` asks for' }),
        filename: Type.Optional(Type.String({ maxLength: 255, description: 'the file name, for the messages' })),
      }),
      response: { 200: Envelope(Restored) },
    },
  }, async (request) => {
    if (!(request.body instanceof SpooledUpload)) {
      throw new ApiError('unsupported_media_type', 415, 'Send the backup file itself as the request body, with Content-Type: application/vnd.sqlite3.');
    }
    return restore(core, fastify, request, request.body.path, request.query.filename || (languageOf(request) === 'en' ? 'the uploaded file' : 'el archivo subido'));
  });
};
