/**
 * The monthly VAT worksheet (docs/vat-worksheet.md): GET /reports/vat for a month — JSON, or the CSV and PDF
 * exports — and GET /reports/vat/lines/{line} for the documents behind one figure. Organization keys with
 * `invoices:read`; the screens' "Declaración IVA".
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Clock } from '../../../domain/clock.ts';
import { AppError } from '../../../domain/errors.ts';
import type { DocumentVatReader } from '../../../reports/document-vat-reader.ts';
import { labelWorksheet } from '../../../reports/labelled-worksheet.ts';
import { vatCsv } from '../../../reports/vat-csv.ts';
import { renderVatPdfOffThread } from '../../../reports/vat-pdf-renderer.ts';
import { vatReport, vatReportParams } from '../../../reports/vat-report.ts';
import { KNOWN_LINE_IDS } from '../../../reports/vat-worksheet.ts';
import type { Store } from '../../../store/database.ts';
import type { Emit } from '../../../store/document-status.ts';
import { ok } from '../../envelope.ts';
import { languageOf } from '../../request-language.ts';
import { requireOrganization, type OrganizationAuth } from '../../route-config.ts';
import { FileReply } from '../../schema-types.ts';
import { VatLineParams, VatLineReply, VatQuery, VatReply } from './schemas.ts';
import { contributionView, worksheetView } from './views.ts';

const READ = { key: 'organization', abilities: ['invoices:read'] } as const;

/**
 * What the section uses: the store, the time, the reader of stored XML for figures not yet kept, and the
 * events' fan-out (documents settled as tacitly accepted on the way announce it, as every read of them does).
 */
export interface ReportDependencies {
  store: Store;
  clock: Clock;
  emit: Emit;
  reports: { vatReader: Pick<DocumentVatReader, 'read'> };
}

type Query = { month: string; proportionality?: string; imports_tax?: string; withholdings?: string; previous_balance?: string };

export const reportRoutes: RoutePlugin<ReportDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['reports'];
  const worksheet = (auth: OrganizationAuth, query: Query) => {
    const params = vatReportParams({
      month: query.month, proportionality: query.proportionality, importsTax: query.imports_tax, withholdings: query.withholdings, previousBalance: query.previous_balance,
    }, deps.clock.now());
    return vatReport({ store: deps.store, clock: deps.clock, emit: deps.emit, readVat: (bytes) => deps.reports.vatReader.read(bytes) }, { organizationId: auth.organization.id, environment: auth.environment }, params);
  };

  app.get('/reports/vat', {
    config: READ,
    schema: {
      tags,
      summary: 'The month\'s VAT worksheet: sales, purchases, credits and the balance (JSON, or format=csv|pdf)',
      querystring: VatQuery,
      response: {
        200: {
          description: 'the worksheet; with format=csv or pdf, the export as an attachment (iva-YYYY-MM.csv|pdf)',
          content: {
            'application/json': { schema: VatReply },
            ...FileReply('', 'text/csv; charset=utf-8', 'application/pdf').content,
          },
        },
      },
    },
  }, async (request, reply) => {
    const auth = requireOrganization(request);
    const ws = await worksheet(auth, request.query);
    const language = languageOf(request);
    const labelled = labelWorksheet(ws, language);
    const format = request.query.format ?? 'json';
    if (format === 'json') return ok(worksheetView(labelled));
    // The typed reply knows the JSON answer only; the exports are bytes fastify sends as they are.
    const raw = reply as FastifyReply;
    raw.header('content-disposition', `attachment; filename="iva-${ws.month}.${format}"`);
    if (format === 'csv') return raw.type('text/csv; charset=utf-8').send(vatCsv(labelled, language));
    const pdf = await renderVatPdfOffThread({
      worksheet: labelled, language, generatedAt: deps.clock.now().toISOString(),
      organization: { name: auth.organization.legalName || auth.organization.name, identification: auth.organization.identificationNumber },
    });
    return raw.type('application/pdf').send(pdf);
  });

  app.get('/reports/vat/lines/:line', {
    config: READ,
    schema: { tags, summary: 'The documents behind one line of the month\'s VAT worksheet', params: VatLineParams, querystring: VatQuery, response: { 200: VatLineReply } },
  }, async (request) => {
    const { line } = request.params;
    if (!KNOWN_LINE_IDS.has(line)) throw new AppError('not_found', 404, `The VAT worksheet has no line ${line}.`);
    const ws = await worksheet(requireOrganization(request), request.query);
    return ok((ws.contributions.get(line) ?? []).map(contributionView));
  });
};
