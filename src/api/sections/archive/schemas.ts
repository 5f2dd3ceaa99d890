/** Request and response schemas of /archive (spec `Retention`, `ArchiveExport`, `ArchiveExportRequest`, `ImportResult`). */
import { Type, type TSchema } from 'typebox';
import { Envelope, Nullable, Pagination } from '../../schema-types.ts';

const Environment = Type.Union([Type.Literal('staging'), Type.Literal('production')]);
const RequestedEnvironment = Type.Optional(Type.Union([Type.Literal('staging'), Type.Literal('production')], {
  description: "default: the key's; production needs a live key",
}));

export const ArchiveExportRequest = Type.Object({
  from: Type.String({ format: 'date', description: 'first issue date (YYYY-MM-DD, Costa Rica), inclusive' }),
  to: Type.String({ format: 'date', description: 'last issue date (YYYY-MM-DD, Costa Rica), inclusive' }),
  environment: RequestedEnvironment,
});

export const ExportParams = Type.Object({ id: Type.String({ description: 'export id (uuid)' }) });

export const ExportListQuery = Type.Object({
  page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,8}$', description: 'page number, from 1 (default 1)' })),
  per_page: Type.Optional(Type.String({ pattern: '^([1-9]|[1-9][0-9]|100)$', description: '1 to 100 (default 20)' })),
});

export const ImportQuery = Type.Object({ environment: RequestedEnvironment });

/** For the OpenAPI document only: the body reaches the route as a spooled file (archive-upload.ts), so anything passes. */
export const ImportBody = Type.Unknown({ description: 'the ZIP archive itself (binary), at most 512 MiB' });

const envelope = <T extends TSchema>(data: T, description: string) => Envelope(data, {}, { description });

export const Retention = Type.Object({
  class: Type.Union([Type.Literal('standard'), Type.Literal('archive'), Type.Literal('internal')]),
  description: Type.String(),
  years: Type.Integer({ description: 'years documents are kept from their issue date (beyond the spec)' }),
  environment: Environment,
  archive_enabled: Type.Boolean({ description: "the account's fiscal-archive setting (beyond the spec)" }),
});

export const ArchiveExport = Type.Object({
  id: Type.String({ format: 'uuid' }),
  environment: Environment,
  from: Type.String({ format: 'date' }),
  to: Type.String({ format: 'date' }),
  status: Type.Union([Type.Literal('pending'), Type.Literal('running'), Type.Literal('ready'), Type.Literal('failed'), Type.Literal('expired')]),
  documents: Nullable<number>({ type: 'integer' }),
  size_bytes: Nullable<number>({ type: 'integer' }),
  error: Nullable({ type: 'string' }),
  created_at: Type.String({ format: 'date-time' }),
  finished_at: Nullable({ type: 'string', format: 'date-time' }),
  expires_at: Nullable({ type: 'string', format: 'date-time' }),
});

export const ImportResult = Type.Object({
  imported: Type.Integer({ description: 'documents stored' }),
  skipped: Type.Integer({ description: 'documents already in the archive (imported before, issued here, or repeated in the upload)' }),
  responses: Type.Integer({ description: "tax-authority answers stored with their documents (beyond the spec)" }),
  problems: Type.Array(Type.Object({ file: Type.String(), reason: Type.String() })),
  chain_not_verified: Type.Integer({ description: "files imported whose signature is valid and the issuer's (or the tax authority's), but whose certificate chain to a Costa Rican root could not be completed (beyond the spec; docs/signature.md)" }),
  notes: Type.Array(Type.Object({ file: Type.String(), reason: Type.String() }), { description: '"signature valid, chain not verified" and why, for the first 100 such files (beyond the spec)' }),
});

export const RetentionReply = envelope(Retention, 'Retention');
export const ArchiveExportReply = envelope(ArchiveExport, 'ArchiveExport');
export const ImportResultReply = envelope(ImportResult, 'ImportResult');
export const ArchiveExportListReply = Envelope(Type.Array(ArchiveExport), { pagination: Pagination }, { description: 'ArchiveExport items, newest first' });
