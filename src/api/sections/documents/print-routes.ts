/**
 * POST /documents/{key}/print (docs/tills.md, "Printers"): prints a document on the given printer or its
 * till's (branch and terminal of its consecutive), or reprints it: once it has come out of a printer the
 * paper says "COPIA" and the drawer stays shut, whatever `copy` says (it may only ask for a copy sooner): a
 * second original would be a second receipt of one sale and open the drawer again. The retry of the
 * screens' "No impreso — reintentar". While the document is being printed (the automatic receipt, or another
 * call) a print is `409 print_in_progress`. The document's read ability, as for its PDF. A printer that is
 * off or out of paper answers 200 with `printed: false` and the reason: the print's outcome, not a failed
 * request.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import { AppError } from '../../../domain/errors.ts';
import { isReceiverMessageType, tillOfConsecutive } from '../../../domain/consecutive.ts';
import type { PrintService } from '../../../printing/print-service.ts';
import { cashierNames } from '../../../store/cashiers.ts';
import type { Store } from '../../../store/database.ts';
import { documentPrint } from '../../../store/document-prints.ts';
import { printerForTill } from '../../../store/printers.ts';
import { ok } from '../../envelope.ts';
import { requestLanguage } from '../../request-language.ts';
import { outcomeView } from '../printers/views.ts';
import { findReadable } from './routes.ts';
import { KeyParams, PrintBody, PrintedReply } from './schemas.ts';

export interface DocumentPrintDependencies {
  store: Pick<Store, 'db'>;
  printing: Pick<PrintService, 'print'>;
}

export const documentPrintRoutes: RoutePlugin<DocumentPrintDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/documents/:key/print', {
    config: { key: 'organization' },
    schema: {
      tags: ['documents'],
      summary: "Print or reprint a document on a receipt printer (its till's, or the one given)",
      description: 'Beyond the spec (docs/tills.md). Answers 200 whether or not it printed: `printed: false` with the reason (the printer off, out of paper…) is shown as "No impreso — reintentar" and retried by calling again. Once printed, every print is a COPIA and opens no drawer; while the document is being printed, 409 `print_in_progress`.',
      params: KeyParams,
      body: Type.Optional(PrintBody),
      response: { 200: PrintedReply },
    },
  }, async (request) => {
    const row = findReadable(deps, request, request.params.key);
    if (isReceiverMessageType(row.documentType)) {
      throw new AppError('not_printable', 422, `${row.clave} is a receiver message: it has no printed representation.`);
    }
    const body = request.body ?? {};
    const printer = printerForTill(deps.store.db, row.organizationId, tillOfConsecutive(row.consecutive), body.printer_id);
    const printedBefore = (documentPrint(deps.store.db, row.id)?.copies ?? 0) > 0;
    const copy = printedBefore || body.copy === true;
    const cashier = row.cashierId === null ? undefined : cashierNames(deps.store.db, row.organizationId, [row.cashierId]).get(row.cashierId);
    const printing = deps.printing.print({
      document: row,
      printer,
      copy,
      cashier,
      cashReceived: body.cash_received,
      lang: requestLanguage(body.lang, request.headers['accept-language']),
    });
    if (!printing) throw new AppError('print_in_progress', 409, `${row.clave} is being printed; wait until it has finished before printing it again.`);
    const outcome = await printing;
    return ok({ ...outcomeView(outcome), copy }, outcome.printed ? 'Printed.' : 'Not printed.');
  });
};
