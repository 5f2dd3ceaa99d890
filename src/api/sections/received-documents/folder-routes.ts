/**
 * The watched folder (docs/received.md): GET/PUT/DELETE /settings/received-folder and
 * POST /settings/received-folder/scan. A scan takes the settled XML, PDF and ZIP files of the folder and moves
 * them into `procesados/` or `con-problemas/`. `settings:read` to view, `settings:manage` to change or scan.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Clock } from '../../../domain/clock.ts';
import { AppError } from '../../../domain/errors.ts';
import type { OutboxWorker } from '../../../outbox/worker.ts';
import { configureFolder, SCAN_FOLDER_JOB } from '../../../received/folder-settings.ts';
import { runIntakeNow } from '../../../received/intake-job.ts';
import type { Store } from '../../../store/database.ts';
import { deleteReceivedFolder, getReceivedFolder, type ReceivedFolderRow } from '../../../store/received-folders.ts';
import { ok } from '../../envelope.ts';
import { requireOrganization } from '../../route-config.ts';
import { Envelope, NullableInteger, NullableText, NullDataReply } from '../../schema-types.ts';

const READ = { key: 'organization', abilities: ['settings:read'] } as const;
const MANAGE = { key: 'organization', abilities: ['settings:manage'] } as const;
const tags = ['received-documents'];

export const FolderInput = Type.Object({
  path: Type.String({ minLength: 1, maxLength: 1024, description: 'an absolute path to an existing folder' }),
  interval_minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440, description: 'default 5' })),
  enabled: Type.Optional(Type.Boolean({ description: 'default true' })),
}, { additionalProperties: false });

const FolderReply = Envelope(Type.Object({
  configured: Type.Boolean(),
  environment: NullableText(),
  path: NullableText(),
  interval_minutes: NullableInteger(),
  enabled: Type.Boolean(),
  last_scanned_at: NullableText(),
  last_error: NullableText(),
  last_result: Type.Union([Type.Object({ taken: Type.Integer(), stored: Type.Integer(), problems: Type.Integer() }), Type.Null()]),
}));

function folderView(row: ReceivedFolderRow | undefined) {
  return {
    configured: row !== undefined,
    environment: row?.environment ?? null,
    path: row?.path ?? null,
    interval_minutes: row?.intervalMinutes ?? null,
    enabled: row?.enabled ?? false,
    last_scanned_at: row?.lastScannedAt ?? null,
    last_error: row?.lastError ?? null,
    last_result: row?.lastResult ?? null,
  };
}

/** What the folder section uses: the store, the clock, the data directory (never watched), the outbox to wake. */
export interface FolderDependencies {
  store: Pick<Store, 'db' | 'transaction'>;
  clock: Clock;
  config: { dataDir: string };
  outbox: Pick<OutboxWorker, 'wake'>;
}

export const folderRoutes: RoutePlugin<FolderDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/settings/received-folder', {
    config: READ,
    schema: { tags, summary: 'The watched folder of suppliers\' files and how its last scan went', response: { 200: FolderReply } },
  }, async (request) => ok(folderView(getReceivedFolder(deps.store.db, requireOrganization(request).organization.id))));

  app.put('/settings/received-folder', {
    config: MANAGE,
    schema: { tags, summary: 'Watch a folder for suppliers\' files; an enabled one is scanned now', body: FolderInput, response: { 200: FolderReply } },
  }, async (request) => {
    const auth = requireOrganization(request);
    const b = request.body;
    const row = configureFolder(deps, auth.organization.id, {
      environment: auth.environment, path: b.path.trim(), intervalMinutes: b.interval_minutes ?? 5, enabled: b.enabled ?? true,
    }, deps.clock.now());
    deps.outbox.wake();
    return ok(folderView(row), 'Folder saved.');
  });

  app.delete('/settings/received-folder', {
    config: MANAGE,
    schema: { tags, summary: 'Stop watching the folder (its files stay where they are)', response: { 200: NullDataReply } },
  }, async (request) => {
    if (!deleteReceivedFolder(deps.store.db, requireOrganization(request).organization.id)) throw new AppError('not_found', 404, 'No folder is watched.');
    return ok(null, 'Folder no longer watched.');
  });

  app.post('/settings/received-folder/scan', {
    config: MANAGE,
    schema: { tags, summary: 'Scan the watched folder now', response: { 202: NullDataReply } },
  }, async (request, reply) => {
    const { organization } = requireOrganization(request);
    if (!getReceivedFolder(deps.store.db, organization.id)?.enabled) throw new AppError('folder_not_configured', 422, 'No enabled folder is watched (PUT /settings/received-folder).');
    runIntakeNow(deps, SCAN_FOLDER_JOB, organization.id);
    return reply.code(202).send(ok(null, 'The folder will be scanned now.'));
  });
};
