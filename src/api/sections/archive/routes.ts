/**
 * The five-year fiscal archive (spec "Exchange rates, archive, status"): GET /archive (retention), exports
 * of a range of issue dates to a ZIP built by an outbox job (POST/GET /archive/exports, GET
 * /archive/exports/{id}, its download), and POST /archive/import of another provider's XML. Abilities:
 * `documents:export`, and `settings:manage` to import (docs/abilities.md); decisions in docs/archive.md.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Clock } from '../../../domain/clock.ts';
import { AppError } from '../../../domain/errors.ts';
import type { Store } from '../../../store/database.ts';
import type { OutboxWorker } from '../../../outbox/worker.ts';
import { validationError } from '../../errors.ts';
import { ok, pageParams, pagination } from '../../envelope.ts';
import { requireOrganization, type OrganizationAuth } from '../../route-config.ts';
import { requestedEnvironment } from '../../requested-environment.ts';
import { archiveExportView } from './views.ts';
import { acceptZipUploads, MULTIPART_CONTENT_TYPE, requireZipUpload, ZIP_CONTENT_TYPES } from './upload.ts';
import {
  ArchiveExportListReply, ArchiveExportReply, ArchiveExportRequest, ExportListQuery, ExportParams, ImportBody, ImportQuery, ImportResultReply, RetentionReply,
} from './schemas.ts';
import { FileReply } from '../../schema-types.ts';
import { getArchiveExport, listArchiveExports, type ArchiveExportRow } from '../../../store/archive-exports.ts';
import { startArchiveExport } from '../../../archive/start-export.ts';
import type { AccountRow } from '../../../store/accounts.ts';
import { assertArchiveAllowed } from '../../../billing/entitlements.ts';
import { effectiveStatus, exportAbsolutePath } from '../../../archive/export-state.ts';
import { importZipFile } from '../../../archive/import-archive.ts';
import { ArchiveRejected } from '../../../archive/zip-reader.ts';
import { RETENTION_YEARS, retentionClass, retentionDescription } from '../../../archive/retention.ts';

const EXPORT = { key: 'organization', abilities: ['documents:export'] } as const;
const IMPORT = { key: 'organization', abilities: ['settings:manage'] } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A test key sees staging exports only; a live key, which may also prepare staging, sees both. */
function visibleEnvironments(auth: OrganizationAuth): string[] {
  return auth.key.mode === 'live' ? ['staging', 'production'] : ['staging'];
}

/** What the archive section uses: the store, the time, the data directory (exports, uploads), the outbox to wake. */
export interface ArchiveDependencies {
  store: Store;
  clock: Clock;
  config: { dataDir: string };
  outbox: Pick<OutboxWorker, 'wake'>;
}

/** The organization's export with that id, in an environment the key may see; otherwise 404 not_found. */
function findExport(deps: Pick<ArchiveDependencies, 'store'>, request: FastifyRequest, id: string): ArchiveExportRow {
  const auth = requireOrganization(request);
  const row = UUID.test(id) ? getArchiveExport(deps.store.db, id.toLowerCase()) : undefined;
  if (!row || row.organizationId !== auth.organization.id || !visibleEnvironments(auth).includes(row.environment)) {
    throw new AppError('not_found', 404, `No archive export ${id} in this organization.`);
  }
  return row;
}

/** Another provider's documents enter the production archive only with the fiscal archive on (docs/archive.md). */
function assertImportAllowed(account: AccountRow, environment: string): void {
  if (environment !== 'production') return;
  assertArchiveAllowed(account);
  if (!account.archiveEnabled) {
    throw new AppError('archive_not_enabled', 422, 'Importing into production needs the fiscal archive: enable it with POST /account/archive.');
  }
}

/** Why a download cannot be served, when it cannot. */
function refuseDownload(row: ArchiveExportRow, now: Date): AppError | undefined {
  switch (effectiveStatus(row, now)) {
    case 'ready':
      return undefined;
    case 'expired':
      return new AppError('export_expired', 410, `The download window of export ${row.id} closed at ${row.expiresAt}; request a new export.`);
    case 'failed':
      return new AppError('export_failed', 409, `Export ${row.id} failed: ${row.error ?? 'unknown error'}. Request a new export.`);
    default:
      return new AppError('export_not_ready', 409, `Export ${row.id} is ${row.status}; download it once its status is ready.`);
  }
}

export const archiveRoutes: RoutePlugin<ArchiveDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['archive'];
  const db = deps.store.db;
  acceptZipUploads(plain, deps.config.dataDir);

  app.get('/archive', {
    config: EXPORT,
    schema: { tags, summary: "Retention of the organization's documents in the key's environment", response: { 200: RetentionReply } },
  }, async (request) => {
    const { account, environment } = requireOrganization(request);
    const retention = retentionClass(environment, account.archiveEnabled);
    return ok({
      class: retention, description: retentionDescription(retention), years: RETENTION_YEARS, environment, archive_enabled: account.archiveEnabled,
    }, undefined, deps.clock.now());
  });

  app.get('/archive/exports', {
    config: EXPORT,
    schema: { tags, summary: 'Exports of the organization, newest first; `pagination` sits beside `data`', querystring: ExportListQuery, response: { 200: ArchiveExportListReply } },
  }, async (request) => {
    const auth = requireOrganization(request);
    const { page, perPage } = pageParams(request.query);
    const { rows, total } = listArchiveExports(db, auth.organization.id, visibleEnvironments(auth), { limit: perPage, offset: (page - 1) * perPage });
    const now = deps.clock.now();
    return { ...ok(rows.map((row) => archiveExportView(row, now)), undefined, now), pagination: pagination(page, perPage, total) };
  });

  app.post('/archive/exports', {
    config: EXPORT,
    schema: { tags, summary: 'Export the documents issued in a range of dates to a ZIP (built in the background)', body: ArchiveExportRequest, response: { 202: ArchiveExportReply } },
  }, async (request, reply) => {
    const auth = requireOrganization(request);
    const { from, to } = request.body;
    if (to < from) throw validationError({ to: ['Must be on or after from.'] });
    const environment = requestedEnvironment(auth, request.body.environment);
    const { row, at: now } = startArchiveExport(deps, { organizationId: auth.organization.id, environment, from, to });
    return reply.code(202).send(ok(archiveExportView(row, now), 'Export queued; download it once its status is ready.', now));
  });

  app.get('/archive/exports/:id', {
    config: EXPORT,
    schema: { tags, summary: 'One export and its status', params: ExportParams, response: { 200: ArchiveExportReply } },
  }, async (request) => {
    const now = deps.clock.now();
    return ok(archiveExportView(findExport(deps, request, request.params.id), now), undefined, now);
  });

  app.get('/archive/exports/:id/download', {
    config: EXPORT,
    schema: { tags, summary: 'The ZIP of a ready export (409 export_not_ready / export_failed, 410 export_expired)', params: ExportParams, response: { 200: FileReply('the export\'s ZIP', 'application/zip') } },
  }, async (request, reply) => {
    const row = findExport(deps, request, request.params.id);
    const refusal = refuseDownload(row, deps.clock.now());
    if (refusal) throw refusal;
    const path = exportAbsolutePath(deps.config.dataDir, row.filePath ?? '');
    const size = await stat(path).then((info) => info.size, () => undefined);
    if (size === undefined || !row.filePath) throw new AppError('export_expired', 410, `The file of export ${row.id} is no longer on disk; request a new export.`);
    const { organization } = requireOrganization(request);
    return reply
      .header('content-type', 'application/zip')
      .header('content-length', size)
      .header('content-disposition', `attachment; filename="archivo-fiscal-${organization.identificationNumber}-${row.environment}-${row.from}_${row.to}.zip"`)
      .send(createReadStream(path));
  });

  app.post('/archive/import', {
    config: IMPORT,
    schema: {
      tags,
      summary: "Import another provider's signed XML and the tax authority's answers from a ZIP (the body, application/zip, or the file field of a multipart/form-data form)",
      consumes: [...ZIP_CONTENT_TYPES, MULTIPART_CONTENT_TYPE],
      body: ImportBody,
      querystring: ImportQuery,
      response: { 200: ImportResultReply },
    },
  }, async (request) => {
    const auth = requireOrganization(request);
    const upload = requireZipUpload(request.body);
    const environment = requestedEnvironment(auth, request.query.environment);
    assertImportAllowed(auth.account, environment);
    try {
      const { chainNotVerified, ...result } = await importZipFile(upload.path, { store: deps.store, clock: deps.clock, organization: auth.organization, environment });
      const message = `${result.imported} imported, ${result.skipped} skipped, ${result.problems.length} with problems.`;
      return ok({ ...result, chain_not_verified: chainNotVerified }, message, deps.clock.now());
    } catch (error) {
      if (error instanceof ArchiveRejected) throw new AppError(error.code, error.status, error.message);
      throw error;
    }
  });
};
