/**
 * Documents (spec "Documents"): issue (POST /electronic-documents), view, list with a cursor, and the
 * signed XML. Abilities depend on the document type (docs/abilities.md): issuing needs `<family>:write`
 * and `<family>:sign`, reading `<family>:read`.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { RoutePlugin } from '../route-plugin.ts';
import { AppError } from '../../../domain/errors.ts';
import type { Store } from '../../../store/database.ts';
import { requireOrganization, type OrganizationAuth } from '../../route-config.ts';
import { API_VERSION, ok, pagination } from '../../envelope.ts';
import { DOCUMENT_FAMILIES, documentFamily } from '../../abilities.ts';
import { attributedIds, attributionView, balanceView, documentView, issuedView, listItemView, printView, tillAttributionView, tillIds } from './views.ts';
import { tillNames } from '../../../store/tills.ts';
import { cashierNames } from '../../../store/cashiers.ts';
import { documentPrint, documentPrintsOf } from '../../../store/document-prints.ts';
import { DocumentListReply, DocumentReply, KeyParams, ListQuery, SubmittedReply } from './schemas.ts';
import { FileReply } from '../../schema-types.ts';
import { issueForKey, type IssueDependencies } from './issue-for-key.ts';
import { countDocuments, findDocument, listDocuments, type DocumentRow } from '../../../store/documents.ts';
import { checkQuota } from '../../../billing/quota.ts';
import { responseXmlFileName, signedXmlFileName } from '../../../domain/document-paths.ts';
import { ALL_DOCUMENT_TYPES, documentFilter } from './filters.ts';
import { DocumentRequestBody, readerValidates } from './request-schema.ts';
import { CASH_RECEIVED_HEADER, IssueHeaders, printWhenAnswered } from './print-after-response.ts';
import type { PrintService } from '../../../printing/print-service.ts';

function requireAbilities(auth: OrganizationAuth, abilities: string[]): void {
  const missing = abilities.filter((a) => !auth.key.abilities.includes(a));
  if (missing.length > 0) throw new AppError('forbidden', 403, `This API key lacks the ability ${missing.join(', ')}.`);
}

/** The document type a request body asks for, before validation (for the ability check only). */
function requestedType(body: unknown): string {
  const doc = (body as { document?: { document_type?: unknown; type?: unknown } } | null)?.document;
  const type = doc?.document_type ?? doc?.type;
  return typeof type === 'string' || typeof type === 'number' ? String(type).padStart(2, '0') : '01';
}

/** Document types whose family the key may read. */
function readableTypes(auth: OrganizationAuth): string[] {
  return ALL_DOCUMENT_TYPES.filter((t) => auth.key.abilities.includes(`${documentFamily(t)}:read`));
}

/** The caller's document by clave, consecutive number or id: 404 when there is none, 403 without `<family>:read`. */
export function findReadable(deps: { store: Pick<Store, 'db'> }, request: FastifyRequest, key: string): DocumentRow {
  const auth = requireOrganization(request);
  const row = findDocument(deps.store.db, auth.organization.id, auth.environment, key);
  if (!row) throw new AppError('document_not_found', 404, `No document ${key} in ${auth.environment}.`);
  requireAbilities(auth, [`${documentFamily(row.documentType)}:read`]);
  return row;
}

/** What the documents section uses: issuing (issue-for-key.ts), which holds the store and the clock too, and the automatic receipt. */
export type DocumentsDependencies = IssueDependencies & { printing: Pick<PrintService, 'afterIssue'> };

export const documentRoutes: RoutePlugin<DocumentsDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/electronic-documents', {
    config: { key: 'organization' },
    schema: { tags: ['documents'], summary: 'Issue a document: validate, number, sign and queue it for the tax authority', body: DocumentRequestBody, headers: IssueHeaders, response: { 201: SubmittedReply } },
    validatorCompiler: readerValidates,
  }, async (request, reply) => {
    const auth = requireOrganization(request);
    const family = documentFamily(requestedType(request.body));
    requireAbilities(auth, [`${family}:write`, `${family}:sign`]);
    if (auth.environment === 'production') checkQuota(deps, auth.account.id);
    const issued = await issueForKey(deps, auth, request.body, request.idempotency);
    if (issued.simulate) reply.header('Service-Simulated', 'true');
    printWhenAnswered(deps.printing, reply, auth, issued, request.headers[CASH_RECEIVED_HEADER]);
    return reply.code(201).send(ok(issuedView(issued, auth.environment, auth.organization.uuid), 'Document signed and queued for the tax authority.'));
  });

  app.get('/electronic-documents/:key', {
    config: { key: 'organization' },
    schema: { tags: ['documents'], summary: 'A document by clave, consecutive number or id', params: KeyParams, response: { 200: DocumentReply } },
  }, async (request) => {
    const row = findReadable(deps, request, request.params.key);
    const names = cashierNames(deps.store.db, row.organizationId, attributedIds([row]));
    const tills = tillNames(deps.store.db, row.organizationId, tillIds([row]));
    return ok({ ...documentView(row), ...balanceView(deps.store.db, row), print: printView(documentPrint(deps.store.db, row.id)), ...attributionView(names, row), ...tillAttributionView(tills, row) });
  });

  app.get('/documents', {
    config: { key: 'organization' },
    schema: {
      tags: ['documents'],
      summary: 'Documents, newest first, with a cursor or a page',
      description: 'With `page`, the answer carries `pagination` (current_page, per_page, last_page, total) beside `data` and `next_cursor` (docs/documents-api.md).',
      querystring: ListQuery,
      response: { 200: DocumentListReply },
    },
  }, async (request) => {
    const auth = requireOrganization(request);
    const q = request.query;
    const readable = readableTypes(auth);
    if (readable.length === 0) throw new AppError('forbidden', 403, `Listing documents needs one of ${DOCUMENT_FAMILIES.map((f) => `${f}:read`).join(', ')}.`);
    if (q.page !== undefined && q.cursor !== undefined) throw new AppError('invalid_request', 400, 'Give either page or cursor, not both.');
    const limit = q.per_page ?? 20;
    const filter = documentFilter(auth, q, readable);
    const rows = listDocuments(deps.store.db, {
      ...filter,
      before: q.cursor === undefined ? undefined : Number(q.cursor),
      offset: q.page === undefined ? 0 : (q.page - 1) * limit,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const next = rows.length > limit ? String(page[page.length - 1]!.id) : null;
    // The spec's `page` (paginated listings): the page asked for, with the pagination object beside data.
    const paging = q.page === undefined ? {} : { pagination: pagination(q.page, limit, countDocuments(deps.store.db, filter)) };
    const prints = documentPrintsOf(deps.store.db, page.map((r) => r.id));
    const names = cashierNames(deps.store.db, auth.organization.id, attributedIds(page));
    const tills = tillNames(deps.store.db, auth.organization.id, tillIds(page));
    return { success: true, data: page.map((r) => ({ ...listItemView(r), print: printView(prints.get(r.id)), ...attributionView(names, r), ...tillAttributionView(tills, r) })), next_cursor: next, ...paging, timestamp: deps.clock.now().toISOString(), api_version: API_VERSION };
  });

  app.get('/documents/:key/response-xml', {
    config: { key: 'organization' },
    schema: { tags: ['documents'], summary: "The tax authority's answer (MensajeHacienda), byte for byte", params: KeyParams, response: { 200: FileReply('MensajeHacienda XML', 'application/xml') } },
  }, async (request, reply) => {
    const row = findReadable(deps, request, request.params.key);
    if (!row.responseXml) throw new AppError('response_not_available', 404, `The tax authority has not answered for ${row.clave} yet.`);
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${responseXmlFileName(row.clave)}"`)
      .send(row.responseXml);
  });

  app.get('/documents/:key/xml', {
    config: { key: 'organization' },
    schema: { tags: ['documents'], summary: 'The signed XML, byte for byte as it was signed', params: KeyParams, response: { 200: FileReply('the signed XML', 'application/xml') } },
  }, async (request, reply) => {
    const row = findReadable(deps, request, request.params.key);
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${signedXmlFileName(row.clave)}"`)
      .send(row.signedXml);
  });
};
