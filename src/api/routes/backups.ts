/**
 * GET /backups, POST /backups (beyond the spec: the desktop Settings screen lists and takes backups).
 * Account key with `account:manage`: a backup is the whole database, every organization of the account
 * and its encrypted credentials, so no single organization's key may take or list them.
 * There is no restore here on purpose: the running core holds the database open, so a restore is done
 * with the server stopped (`facturador restore`, or the desktop shell between stopping and starting the
 * core). docs/backup.md
 */
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from './index.ts';
import { ok } from '../envelope.ts';
import { Envelope } from '../schema-types.ts';
import { ApiError } from '../errors.ts';
import { backupsDir, listBackups, type BackupEntry } from '../../backup/backup-files.ts';
import { BackupRejected } from '../../backup/check-database.ts';
import { takeBackup } from '../../backup/take-backup.ts';

const ACCOUNT_ONLY = { key: 'account', abilities: ['account:manage'] } as const;
const tags = ['backups'];

const Backup = Type.Object({
  name: Type.String({ description: 'file name in the backups folder of the data directory' }),
  size: Type.Integer({ description: 'bytes' }),
  created_at: Type.String({ format: 'date-time' }),
  automatic: Type.Boolean({ description: 'taken by the daily schedule (kept 30 days); false: asked for, or kept by a restore' }),
  kind: Type.Union([Type.Literal('manual'), Type.Literal('automatic'), Type.Literal('before-restore')]),
}, { description: 'Backup' });

function backupView(entry: BackupEntry) {
  return { name: entry.name, size: entry.size, created_at: entry.createdAt.toISOString(), automatic: entry.kind === 'automatic', kind: entry.kind };
}

export const backupRoutes: RoutePlugin = (core) => async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const dir = backupsDir(core.config.dataDir);

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
};
