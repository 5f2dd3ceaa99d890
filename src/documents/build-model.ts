/**
 * Turns a parsed request and its numbering into the XML-ready DocumentModel: line amounts and summary from
 * `domain/` totals, parties in the XSD's shape, dates in Costa Rica time.
 */
import type { DocumentModel, Line, Party } from '../domain/document-model.ts';
import { computeLine, type LineAmounts } from '../domain/line-totals.ts';
import { computeSummary, PaymentSplitError } from '../domain/summary-totals.ts';
import { MAX_MONEY, ZERO, sum } from '../domain/money.ts';
import { formatCostaRicaDateTime } from '../domain/costa-rica-time.ts';
import type { ItemInput, ParsedRequest, PartyInput } from './request/parsed-request.ts';
import { Problems, RequestValidationError } from './request/problems.ts';
import { checkIvaReturned } from './request/business-rules.ts';

export interface Numbering {
  consecutive: string; // NumeroConsecutivo
  clave: string; // Clave
}

/** The document before it is numbered: numbering comes last, so a request that fails never takes a number. */
export type UnnumberedModel = Omit<DocumentModel, 'clave' | 'consecutive'>;

function toParty(p: PartyInput): Party {
  return {
    name: p.name,
    identification: p.identification,
    fiscalRegistry8707: p.fiscalRegistry8707,
    commercialName: p.commercialName,
    location: p.location,
    foreignAddress: p.foreignAddress,
    phone: p.phone,
    emails: p.emails,
  };
}

function toLine(item: ItemInput, number: number, a: LineAmounts): Line {
  return {
    number,
    tariffCode: item.tariffCode,
    cabysCode: item.cabysCode,
    commercialCodes: item.commercialCodes,
    quantity: item.quantity,
    unit: item.unit,
    transactionType: item.transactionType,
    commercialUnit: item.commercialUnit,
    description: item.description,
    serialNumbers: item.serialNumbers,
    medicationRegistry: item.medicationRegistry,
    pharmaceuticalForm: item.pharmaceuticalForm,
    assortment: item.assortment,
    unitPrice: item.unitPrice,
    amount: a.amount,
    discounts: item.discounts,
    subtotal: a.subtotal,
    ivaChargedAtFactory: item.ivaChargedAtFactory,
    taxableBase: a.taxableBase,
    taxes: a.taxes, // ComputedTax is a LineTax with its assumed share, which the writer ignores
    assumedTax: a.assumedTax,
    netTax: a.netTax,
    total: a.total,
    isService: item.isService,
  };
}

/** Line numbers: the client's when each is unique, else 1..n in request order. */
function lineNumbers(items: ItemInput[]): number[] {
  const given = items.map((i) => i.lineNumber);
  return new Set(given).size === given.length ? given : items.map((_, i) => i + 1);
}

export function buildDocumentModel(req: ParsedRequest, providerSystemId: string): UnnumberedModel {
  const problems = new Problems(req.apiConfig.language);
  const numbers = lineNumbers(req.items);
  const amounts = req.items.map((item) => computeLine(item));
  const lines = req.items.map((item, i) => toLine(item, numbers[i]!, amounts[i]!));
  const otherCharges = req.totals.otherCharges ?? sum(req.otherCharges.map((c) => c.amount));
  const ivaReturned = req.totals.ivaReturned ?? ZERO;
  let summary;
  try {
    summary = computeSummary({
      documentType: req.document.type,
      currency: req.commercial.currency,
      exchangeRate: req.commercial.exchangeRate,
      lines: lines.map((line, i) => ({ amounts: amounts[i]!, isService: line.isService })),
      otherCharges,
      ivaReturned,
      payments: req.commercial.payments,
    });
  } catch (err) {
    if (!(err instanceof PaymentSplitError)) throw err;
    problems.add('commercial_info.payment_method', 'payments_mismatch', { detail: err.message });
    throw new RequestValidationError(problems.errors);
  }
  checkIvaReturned(problems, ivaReturned, summary.tax);
  if (summary.total.greaterThan(MAX_MONEY) || summary.sales.greaterThan(MAX_MONEY)) problems.add('items', 'total_out_of_range');
  if (!problems.isEmpty) throw new RequestValidationError(problems.errors);
  return {
    type: req.document.type,
    providerSystemId: req.document.providerSystemId ?? providerSystemId,
    issuerActivityCode: req.document.activityCode,
    receiverActivityCode: req.receiver?.activityCode,
    issuedAt: formatCostaRicaDateTime(req.document.issuedAt),
    issuer: toParty(req.issuer),
    receiver: req.receiver ? toParty(req.receiver) : undefined,
    saleCondition: req.commercial.saleCondition,
    saleConditionOther: req.commercial.saleConditionOther,
    creditTermDays: req.commercial.creditDays,
    lines,
    otherCharges: req.otherCharges,
    summary,
    references: req.references,
    others: [],
  };
}
