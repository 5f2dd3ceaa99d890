/**
 * The month's VAT worksheet for an organization (docs/vat-worksheet.md): what silence has made tacitly accepted
 * is settled first (as every read of received documents does), documents kept before their VAT figures were get
 * them (vat-backfill.ts), and the stored figures are added up — two queries and a pass over them, so a month of
 * 10,000 sales and 2,000 purchases takes a fraction of a second.
 */
import type { Decimal } from 'decimal.js';
import { costaRicaDate } from '../domain/costa-rica-time.ts';
import { Dec, round5 } from '../domain/money.ts';
import { validationError } from '../domain/errors.ts';
import { settle, type QueryDependencies } from '../received/received-queries.ts';
import type { Scope } from '../store/received-documents.ts';
import { monthIssuedVat, monthReceivedVat } from '../store/vat-lines.ts';
import { backfillVatMonth } from './vat-backfill.ts';
import type { VatReading } from './read-document-vat.ts';
import { vatWorksheet } from './vat-worksheet.ts';
import type { Worksheet } from './vat-worksheet-model.ts';

export interface VatReportDependencies extends QueryDependencies {
  /** Reads a stored XML's VAT figures (a worker, core.reports.vatReader); without it nothing is backfilled. */
  readVat?: (bytes: Buffer) => Promise<VatReading>;
}

/** What the user asks for, as the query string gives it (text); checked here. */
export interface VatReportRequest {
  month: string;
  proportionality?: string | undefined;
  importsTax?: string | undefined;
  withholdings?: string | undefined;
  previousBalance?: string | undefined;
}

export interface VatReportParams {
  month: string;
  proportionality?: Decimal;
  importsTax?: Decimal;
  withholdings?: Decimal;
  previousBalance?: Decimal;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const AMOUNT = /^\d{1,13}(\.\d{1,5})?$/;

/** The request checked: a month not after the current one (Costa Rica time), a percentage, amounts in colones. */
export function vatReportParams(request: VatReportRequest, now: Date): VatReportParams {
  const errors: Record<string, string[]> = {};
  const { month } = request;
  if (!MONTH.test(month)) errors['month'] = ['Write the month as YYYY-MM (for example 2026-10).'];
  else if (month > costaRicaDate(now).slice(0, 7)) errors['month'] = [`Month ${month} has not started yet.`];
  const params: VatReportParams = { month };
  if (request.proportionality !== undefined) {
    const p = AMOUNT.test(request.proportionality) ? new Dec(request.proportionality) : undefined;
    if (!p || p.greaterThan(100)) errors['proportionality'] = ['Must be a percentage from 0 to 100.'];
    else params.proportionality = p;
  }
  const amounts = [['imports_tax', 'importsTax'], ['withholdings', 'withholdings'], ['previous_balance', 'previousBalance']] as const;
  for (const [field, key] of amounts) {
    const text = request[key];
    if (text === undefined) continue;
    if (!AMOUNT.test(text)) errors[field] = ['Must be an amount in colones, zero or more, with up to 5 decimals.'];
    else params[key] = round5(new Dec(text));
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return params;
}

export async function vatReport(deps: VatReportDependencies, scope: Scope, params: VatReportParams): Promise<Worksheet> {
  settle(deps, scope);
  const unreadable = deps.readVat ? await backfillVatMonth({ store: deps.store, readVat: deps.readVat }, scope, params.month) : [];
  const db = deps.store.db;
  return vatWorksheet({
    month: params.month,
    issued: monthIssuedVat(db, scope, params.month),
    received: monthReceivedVat(db, scope, params.month),
    proportionality: params.proportionality,
    manual: { importsTax: params.importsTax, withholdings: params.withholdings, previousBalance: params.previousBalance },
    unreadable,
  });
}
