/**
 * A document's files beyond its XML (spec "Documents"): the PDF (`GET /documents/{key}/pdf`), the signed
 * XML, answer and PDF together (`GET /documents/{key}/zip`), and the XML of every document of a date range
 * and filters as one streamed ZIP (`GET /documents/export`). Reading a document's files needs
 * `<family>:read` of its type; the export needs `documents:export` (docs/abilities.md). Decisions in
 * docs/pdf.md.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Store } from '../../../store/database.ts';
import { AppError } from '../../../domain/errors.ts';
import { findReadable } from './routes.ts';
import { FileReply } from '../../schema-types.ts';
import { requireOrganization } from '../../route-config.ts';
import { ALL_DOCUMENT_TYPES, documentFilter } from './filters.ts';
import { ExportQuery, KeyParams, PdfFileQuery, PdfQuery, type PdfParams } from './schemas.ts';
import { documentsZip, documentZip } from './zip.ts';
import { requestLanguage } from '../../request-language.ts';
import { getBranding } from '../../../store/brandings.ts';
import { listDocuments, type DocumentFilter, type DocumentRow } from '../../../store/documents.ts';
import { isReceiverMessageType } from '../../../domain/consecutive.ts';
import { renderDocumentPdf } from '../../../pdf/document-pdf.ts';
import { pdfFileName } from '../../../domain/document-paths.ts';

/** What the file routes use: the store (documents, brandings). */
export interface DocumentFileDependencies {
  store: Pick<Store, 'db'>;
}

/** Documents read per query while an export streams: ~1.5 MB of XML. */
const EXPORT_PAGE = 100;

/** The PDF of a document in the language and layout the request asks for; receiver messages have none. */
async function pdfOf(deps: DocumentFileDependencies, row: DocumentRow, query: PdfParams & { cash_received?: string }, acceptLanguage: string | undefined): Promise<Buffer> {
  if (isReceiverMessageType(row.documentType)) {
    throw new AppError('pdf_not_available', 404, `${row.clave} is a receiver message: it has no printed representation.`);
  }
  const lang = requestLanguage(query.lang, acceptLanguage);
  return renderDocumentPdf(row, getBranding(deps.store.db, row.organizationId), { format: query.format, lang, cashReceived: query.cash_received });
}

function* pagesFrom(deps: DocumentFileDependencies, filter: Omit<DocumentFilter, 'limit' | 'before'>, first: DocumentRow[]): Generator<DocumentRow[]> {
  for (let rows = first; rows.length > 0; ) {
    yield rows;
    if (rows.length < EXPORT_PAGE) return;
    rows = listDocuments(deps.store.db, { ...filter, before: rows[rows.length - 1]!.id, limit: EXPORT_PAGE });
  }
}

export const documentFileRoutes: RoutePlugin<DocumentFileDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['documents'];

  app.get('/documents/:key/pdf', {
    config: { key: 'organization' },
    schema: { tags, summary: 'The PDF: A4 or 80 mm receipt, in Spanish or English, read back from the signed XML', params: KeyParams, querystring: PdfFileQuery, response: { 200: FileReply('the PDF', 'application/pdf') } },
  }, async (request, reply) => {
    const row = findReadable(deps, request, request.params.key);
    const pdf = await pdfOf(deps, row, request.query, request.headers['accept-language']);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `${request.query.disposition ?? 'attachment'}; filename="${pdfFileName(row.clave)}"`)
      .send(pdf);
  });

  app.get('/documents/:key/zip', {
    config: { key: 'organization' },
    schema: { tags, summary: 'The signed XML, the tax authority\'s answer (once there is one) and the PDF in one ZIP', params: KeyParams, querystring: PdfQuery, response: { 200: FileReply('signed XML, answer and PDF', 'application/zip') } },
  }, async (request, reply) => {
    const row = findReadable(deps, request, request.params.key);
    const pdf = isReceiverMessageType(row.documentType) ? undefined : await pdfOf(deps, row, request.query, request.headers['accept-language']);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${row.clave}.zip"`)
      .send(documentZip(row, pdf));
  });

  app.get('/documents/export', {
    config: { key: 'organization', abilities: ['documents:export'] },
    schema: { tags, summary: 'The signed XML (and answers) of every document of a date range and filters, as a streamed ZIP', querystring: ExportQuery, response: { 200: FileReply('the documents\' XML files', 'application/zip') } },
  }, async (request, reply) => {
    const auth = requireOrganization(request);
    const q = request.query;
    if (q.from === undefined || q.to === undefined) throw new AppError('missing_params', 400, 'An export needs `from` and `to` (YYYY-MM-DD).');
    if (q.from > q.to) throw new AppError('invalid_date', 400, `\`from\` (${q.from}) is after \`to\` (${q.to}).`);
    const filter = documentFilter(auth, q, ALL_DOCUMENT_TYPES);
    const first = listDocuments(deps.store.db, { ...filter, limit: EXPORT_PAGE });
    if (first.length === 0) throw new AppError('no_documents', 404, `No documents issued from ${q.from} to ${q.to} match the filters.`);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="comprobantes_${q.from}_${q.to}.zip"`)
      .send(documentsZip(pagesFrom(deps, filter, first)));
  });
};
