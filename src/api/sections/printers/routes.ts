/**
 * Receipt printers of the key's organization (docs/tills.md, "Printers"): CRUD and a test page. Each serves
 * one till (branch + terminal) and prints every document issued there when `print_on_issue` is set
 * (printing/print-after-issue.ts). `printers:read` to read, `printers:manage` for the rest. Another
 * organization's printer is answered exactly like a missing one (404 not_found). Printers belong to the
 * organization, not to an environment: the paper is the same for test and live keys.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Clock } from '../../../domain/clock.ts';
import { notFound } from '../../../domain/errors.ts';
import type { PrintService } from '../../../printing/print-service.ts';
import { changePrinter, createPrinter, removePrinter } from '../../../printing/printers.ts';
import type { Store } from '../../../store/database.ts';
import { getPrinter, listPrinters, type PrinterRow } from '../../../store/printers.ts';
import { ok } from '../../envelope.ts';
import { pathId } from '../../path-id.ts';
import { languageOf } from '../../request-language.ts';
import { requireOrganization } from '../../route-config.ts';
import { NoContent, PrinterInput, PrinterListReply, PrinterParams, PrinterReply, PrinterUpdate, PrintOutcomeReply } from './schemas.ts';
import { outcomeView, printerView } from './views.ts';

const READ = { key: 'organization', abilities: ['printers:read'] } as const;
const MANAGE = { key: 'organization', abilities: ['printers:manage'] } as const;

/** What the printers section uses: the store, the clock, and printing (the test page, whether OS printers are here). */
export interface PrinterDependencies {
  store: Store;
  clock: Clock;
  printing: Pick<PrintService, 'osAvailable' | 'test'>;
}

export const printerRoutes: RoutePlugin<PrinterDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['printers'];
  const db = deps.store.db;
  const writeDeps = () => ({ store: deps.store, clock: deps.clock, osAvailable: deps.printing.osAvailable });

  const owned = (organizationId: number, raw: string): PrinterRow => {
    const row = getPrinter(db, organizationId, pathId(raw));
    if (!row) throw notFound('Printer');
    return row;
  };

  app.get('/printers', { config: READ, schema: { tags, summary: "The organization's receipt printers, oldest first", response: { 200: PrinterListReply } } }, async (request) => {
    return ok(listPrinters(db, requireOrganization(request).organization.id).map(printerView));
  });

  app.post('/printers', {
    config: MANAGE,
    schema: {
      tags,
      summary: 'Add a receipt printer to a till',
      description: '`connection: "os"` (a USB or system printer, by its queue name) only where the desktop app runs; elsewhere 422 `os_printer_unavailable`.',
      body: PrinterInput,
      response: { 201: PrinterReply },
    },
  }, async (request, reply) => {
    const row = createPrinter(writeDeps(), requireOrganization(request).organization.id, request.body);
    return reply.code(201).send(ok(printerView(row), 'Printer added.'));
  });

  app.get('/printers/:id', { config: READ, schema: { tags, summary: 'One printer', params: PrinterParams, response: { 200: PrinterReply } } }, async (request) => {
    return ok(printerView(owned(requireOrganization(request).organization.id, request.params.id)));
  });

  app.put('/printers/:id', {
    config: MANAGE,
    schema: { tags, summary: 'Change a printer (members not sent keep their value)', params: PrinterParams, body: PrinterUpdate, response: { 200: PrinterReply } },
  }, async (request) => {
    const row = changePrinter(writeDeps(), requireOrganization(request).organization.id, pathId(request.params.id), request.body);
    return ok(printerView(row), 'Printer updated.');
  });

  app.delete('/printers/:id', { config: MANAGE, schema: { tags, summary: 'Remove a printer', params: PrinterParams, response: { 204: NoContent } } }, async (request, reply) => {
    removePrinter(writeDeps(), requireOrganization(request).organization.id, pathId(request.params.id));
    return reply.code(204).send(null);
  });

  app.post('/printers/:id/test', {
    config: MANAGE,
    schema: {
      tags,
      summary: 'Print the test page: name, time, the Spanish letters, a ruler of the columns, the cut (and the drawer, when it has one)',
      description: 'Answers 200 whether or not it printed: `printed: false` with the reason (the printer off, out of paper…) is the test\'s finding, not an error.',
      params: PrinterParams,
      response: { 200: PrintOutcomeReply },
    },
  }, async (request) => {
    const printer = owned(requireOrganization(request).organization.id, request.params.id);
    const outcome = await deps.printing.test(printer, languageOf(request));
    return ok(outcomeView(outcome), outcome.printed ? 'Test page printed.' : 'The test page was not printed.');
  });
};
