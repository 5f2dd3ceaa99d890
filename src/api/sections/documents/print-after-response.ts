/**
 * The automatic receipt of POST /electronic-documents (docs/tills.md, "Printers"): the issued document is
 * handed to printing once its response has closed — sent, or the client gone; the sale is issued either
 * way — so that no printer can delay the answer (printing/print-after-issue.ts decides whether the till
 * prints on issue). `X-Cash-Received` carries the cash handed over for the receipt's cash and change rows.
 */
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { IssueResult } from '../../../documents/issue-pipeline.ts';
import type { PrintService } from '../../../printing/print-service.ts';
import type { OrganizationAuth } from '../../route-config.ts';

const DECIMAL = /^\d{1,13}(\.\d{1,5})?$/;

export const CASH_RECEIVED_HEADER = 'x-cash-received';

/** For the OpenAPI: fastify does not refuse the issuing request on it (the document reader validates that route). */
export const IssueHeaders = Type.Object({
  [CASH_RECEIVED_HEADER]: Type.Optional(Type.String({
    pattern: DECIMAL.source,
    description: 'beyond the spec (docs/tills.md): cash the customer handed over, decimal text in the document\'s currency; the automatic receipt prints it and the change. '
      + 'A value that is not such a decimal is ignored (the receipt prints without them): a print detail never refuses a sale.',
  })),
}, { additionalProperties: true });

/** The header's amount when it is a decimal; anything else is left out, not refused. */
function cashReceived(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const trimmed = value?.trim();
  return trimmed !== undefined && DECIMAL.test(trimmed) ? trimmed : undefined;
}

export function printWhenAnswered(printing: Pick<PrintService, 'afterIssue'>, reply: FastifyReply, auth: OrganizationAuth, issued: IssueResult, cashHeader: string | string[] | undefined): void {
  const handOver = {
    organizationId: auth.organization.id,
    environment: auth.environment,
    documentId: issued.id,
    consecutive: issued.model.consecutive,
    cashier: auth.cashier?.name,
    cashReceived: cashReceived(cashHeader),
  };
  reply.raw.once('close', () => printing.afterIssue(handOver));
}
