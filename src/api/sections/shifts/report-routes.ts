/**
 * The shifts' reports (docs/tills.md): a shift's X report while open and its Z once closed, as JSON or a PDF
 * (laid out in a worker), printed on the till's thermal printer, and the day's Z over the shifts closed that
 * day (Costa Rica time; a supervisor's, the role gate says). `shifts:read`.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Clock } from '../../../domain/clock.ts';
import type { ShiftReport } from '../../../domain/shift-report.ts';
import type { PrintService } from '../../../printing/print-service.ts';
import type { Store } from '../../../store/database.ts';
import { dailyReport } from '../../../tills/daily-report.ts';
import { reportToPrinter } from '../../../tills/report-to-printer.ts';
import { shiftReport } from '../../../tills/shift-report.ts';
import { renderShiftReportPdfOffThread } from '../../../tills/shift-report-pdf-renderer.ts';
import { ok } from '../../envelope.ts';
import { languageOf } from '../../request-language.ts';
import { requireOrganization } from '../../route-config.ts';
import { FileReply } from '../../schema-types.ts';
import { pathId } from '../../path-id.ts';
import { SHIFTS_READ, shiftScope } from './routes.ts';
import { DailyQuery, PrintBody, PrintReply, ReportQuery, ReportReply, ShiftParams } from './schemas.ts';

export interface ShiftReportDependencies {
  store: Store;
  clock: Clock;
  printing: Pick<PrintService, 'shiftReport'>;
}

const reportAnswer = (description: string) => ({
  200: {
    description,
    content: { 'application/json': { schema: ReportReply }, ...FileReply('', 'application/pdf').content },
  },
});

export const shiftReportRoutes: RoutePlugin<ShiftReportDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['shifts'];

  /** JSON, or the PDF as an attachment; the typed reply knows the JSON answer only. */
  async function answer(request: FastifyRequest, reply: FastifyReply, report: ShiftReport, format: string | undefined, filename: string) {
    if ((format ?? 'json') === 'json') return ok(report);
    const { organization } = requireOrganization(request);
    const pdf = await renderShiftReportPdfOffThread({
      report, language: languageOf(request),
      organization: { name: organization.legalName || organization.name, identification: organization.identificationNumber },
    });
    return reply.header('content-disposition', `attachment; filename="${filename}.pdf"`).type('application/pdf').send(pdf);
  }

  app.get('/shifts/daily-report', {
    config: SHIFTS_READ,
    schema: { tags, summary: 'The day\'s Z report over every shift closed that day, Costa Rica time (JSON, or format=pdf)', querystring: DailyQuery, response: reportAnswer('the day\'s figures; with format=pdf, the PDF as an attachment (z-YYYY-MM-DD.pdf)') },
  }, async (request, reply) => {
    const { scope } = shiftScope(request);
    const report = dailyReport(deps, scope, request.query.date);
    return answer(request, reply as FastifyReply, report, request.query.format, `z-${request.query.date}`);
  });

  app.get('/shifts/:id/report', {
    config: SHIFTS_READ,
    schema: { tags, summary: 'The shift\'s X report while open, its Z once closed (JSON, or format=pdf)', params: ShiftParams, querystring: ReportQuery, response: reportAnswer('the figures; with format=pdf, the PDF as an attachment (turno-{id}-x|z.pdf)') },
  }, async (request, reply) => {
    const { scope, actor } = shiftScope(request);
    const report = shiftReport(deps, scope, actor, pathId(request.params.id));
    return answer(request, reply as FastifyReply, report, request.query.format, `turno-${report.shifts[0]!.id}-${report.kind.toLowerCase()}`);
  });

  app.post('/shifts/:id/report/print', {
    config: SHIFTS_READ,
    schema: { tags, summary: 'Print the shift\'s X or Z report on the till\'s printer, or the one named', params: ShiftParams, body: Type.Optional(PrintBody), response: { 200: PrintReply } },
  }, async (request) => {
    const { scope, actor } = shiftScope(request);
    const { organization } = requireOrganization(request);
    const lang = languageOf(request);
    const { printer, outcome } = await reportToPrinter(deps, scope, actor, pathId(request.params.id), request.body?.printer_id,
      (on, report) => deps.printing.shiftReport({ printer: on, report, organization: organization.name, lang }));
    return ok({ ...outcome, printer_id: printer.id });
  });
};
