/** Request and response schemas of /backups (beyond the spec: the desktop Settings screen's backups). */
import { Type } from 'typebox';
import { Envelope } from '../../schema-types.ts';

export const Backup = Type.Object({
  name: Type.String({ description: 'file name in the backups folder of the data directory' }),
  size: Type.Integer({ description: 'bytes' }),
  created_at: Type.String({ format: 'date-time' }),
  automatic: Type.Boolean({ description: 'taken by the daily schedule (kept 30 days); false: asked for, or kept by a restore' }),
  kind: Type.Union([Type.Literal('manual'), Type.Literal('automatic'), Type.Literal('before-restore')]),
}, { description: 'Backup' });

export const NameParams = Type.Object({ name: Type.String({ pattern: '^facturador-[0-9a-z-]{15,40}\\.(db|dump)$', description: 'a name GET /backups lists (.dump: pg_dump of a PostgreSQL store, docs/postgresql.md)' }) });

/** POST /backups/{name}/restore. */
export const RestoreConfirmation = Type.Object({ confirm: Type.Literal(true, { description: 'the confirmation `facturador restore` asks for' }) });

/** POST /backups/restore: the file is the body; the confirmation and its name are in the query. */
export const UploadRestoreQuery = Type.Object({
  confirm: Type.Literal('true', { description: 'the confirmation `facturador restore` asks for' }),
  filename: Type.Optional(Type.String({ maxLength: 255, description: 'the file name, for the messages' })),
});

/** For the OpenAPI document only: the body reaches the route as a spooled file (archive/upload.ts). */
export const UploadedDatabase = Type.Unknown({ description: 'the backup file itself (binary SQLite database); read by the route, never by a schema' });

export const Restored = Type.Object({
  restored_from: Type.String({ description: 'the backup name, or the uploaded file name' }),
  kept_as: Type.String({ description: 'name of the copy of the replaced database, in the backups folder' }),
  migrations: Type.Integer({ description: 'migrations the restored file had; this version applied the rest before restoring' }),
  rows: Type.Integer({ description: 'rows restored' }),
  login_url: Type.Optional(Type.String({ description: "only for a browser session the restored data does not know (the backup lacks its key): a one-time sign-in link, relative to the server's address" })),
}, { description: 'BackupRestored' });

export const BackupReply = Envelope(Backup);
export const BackupListReply = Envelope(Type.Array(Backup));
export const RestoredReply = Envelope(Restored);
