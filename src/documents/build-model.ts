/**
 * Turns a parsed request and its numbering into the XML-ready DocumentModel: line amounts and summary from
 * `domain/` totals, parties in the XSD's shape, dates in Costa Rica time; then the rule catalogue's checks of
 * the computed document. Nothing is numbered yet, so a request refused here takes no consecutive.
 */
import type { AssortmentLine, Line, Party, UnnumberedModel } from '../domain/document-model.ts';
import { VAT_TAX_CODES, computeLine, type ComponentInput, type LineAmounts } from '../domain/line-totals.ts';
import { PROFILES } from '../xml/profiles.ts';
import { computeSummary } from '../domain/summary-totals.ts';
import type { Decimal } from 'decimal.js';
import { ZERO, round5, sum } from '../domain/money.ts';
import { formatCostaRicaDateTime } from '../domain/costa-rica-time.ts';
import type { ComponentRequest, ItemInput, ParsedRequest, PartyInput } from './request/parsed-request.ts';
import { Problems, RequestValidationError } from './request/problems.ts';
import { checkTotalsRules } from './rules/catalogue.ts';

export interface Numbering {
  consecutive: string; // NumeroConsecutivo
  clave: string; // Clave
}

/** The document before it is numbered (domain/document-model.ts), named here too for this file's callers. */
export type { UnnumberedModel };

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

/** Drops the request path an entry was read from: the model holds what the XML says. */
function withoutPath<T extends { path: string }>({ path: _path, ...rest }: T): Omit<T, 'path'> {
  return rest;
}

/** A combo component's input for the engine: its taxes carry no exoneration (the line's does). */
function componentInput(c: ComponentRequest): ComponentInput {
  return { quantity: c.quantity, unitPrice: c.unitPrice, discounts: c.discounts, taxes: soapTaxes(c.taxes, c.cabysCode), ivaChargedAtFactory: c.ivaChargedAtFactory };
}

/** Toilet soap (CABYS 35321…) computes the specific tax 05 by volume, not as a beverage (tax-amounts.ts). */
function soapTaxes(taxes: ItemInput['taxes'], cabysCode: string | undefined): ItemInput['taxes'] {
  if (!cabysCode?.startsWith('35321')) return taxes;
  return taxes.map((t) => (t.code === '05' && t.specific ? { ...t, specific: { ...t.specific, soap: true } } : t));
}

/** MontoExportacion given on the item goes to its first tax other than VAT, else its first tax. */
function withExportAmount(item: ItemInput): ItemInput['taxes'] {
  if (item.exportAmount === undefined || item.taxes.length === 0) return item.taxes;
  const index = Math.max(0, item.taxes.findIndex((t) => !VAT_TAX_CODES.has(t.code)));
  return item.taxes.map((t, i) => (i === index ? { ...t, exportAmount: item.exportAmount } : t));
}

/** PrecioUnitario: the one given, or a combo's: what its components cost per unit (annex page 36). */
function unitPriceOf(item: ItemInput): Decimal {
  return item.unitPrice ?? sum(item.assortment.map((c) => round5(c.quantity.mul(c.unitPrice))));
}

/** An item's amounts; `noTaxableBase`: the type's XML has no BaseImponible (FEE, REP). Also the discount limit's (tills/discount-rule.ts). */
export function computeItem(item: ItemInput, noTaxableBase: boolean): LineAmounts {
  const components = item.assortment.map(componentInput);
  const unitPrice = unitPriceOf(item);
  // The engine copies what it keeps: the request paths of taxes and discounts never reach the model.
  return computeLine({
    quantity: item.quantity,
    unitPrice,
    discounts: item.discounts,
    taxes: soapTaxes(withExportAmount(item), item.cabysCode),
    isService: item.isService,
    ivaChargedAtFactory: item.ivaChargedAtFactory,
    assortment: components,
    exoneration: item.exoneration,
    noTaxableBase,
  });
}

function toAssortment(item: ItemInput, amounts: LineAmounts): AssortmentLine[] {
  return item.assortment.map((c, i) => {
    const a = amounts.components![i]!;
    return {
      cabysCode: c.cabysCode,
      commercialCodes: c.commercialCodes,
      quantity: c.quantity,
      unit: c.unit,
      commercialUnit: c.commercialUnit,
      description: c.description,
      unitPrice: c.unitPrice,
      amount: a.amount,
      discounts: c.discounts.map(({ path: _p, nature: _n, ...d }) => d),
      subtotal: a.subtotal,
      ivaChargedAtFactory: c.ivaChargedAtFactory,
      taxableBase: a.taxableBase,
      taxes: a.taxes.map((t) => ({ code: t.code, codeOther: t.codeOther, rateCode: t.rateCode, rate: t.rate, specific: t.specific, amount: t.amount })),
    };
  });
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
    assortment: item.assortment.length > 0 ? toAssortment(item, a) : [],
    unitPrice: unitPriceOf(item),
    amount: a.amount,
    discounts: item.assortment.length > 0 ? a.discounts : item.discounts.map(withoutPath),
    subtotal: a.subtotal,
    ivaChargedAtFactory: item.ivaChargedAtFactory,
    taxableBase: a.taxableBase,
    taxes: a.taxes.map(({ assumed: _a, base: _b, ...tax }) => tax),
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
  const numbers = lineNumbers(req.items);
  const noTaxableBase = !PROFILES[req.document.type].line.taxableBase;
  const amounts = req.items.map((item) => computeItem(item, noTaxableBase));
  const lines = req.items.map((item, i) => toLine(item, numbers[i]!, amounts[i]!));
  const otherCharges = req.totals.otherCharges ?? sum(req.otherCharges.map((c) => c.amount));
  const model: UnnumberedModel = {
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
    otherCharges: req.otherCharges.map(withoutPath),
    summary: computeSummary({
      documentType: req.document.type,
      currency: req.commercial.currency,
      exchangeRate: req.commercial.exchangeRate,
      lines: amounts.map((a, i) => ({ amounts: a, isService: lines[i]!.isService })),
      otherCharges,
      ivaReturned: req.totals.ivaReturned ?? ZERO,
      payments: req.commercial.payments.map(withoutPath),
    }),
    references: req.references.map(withoutPath),
    others: req.others,
  };
  const problems = new Problems(req.apiConfig.language);
  checkTotalsRules({ req, type: req.document.type, model, lines: amounts }, problems);
  if (!problems.isEmpty) throw new RequestValidationError(problems.errors);
  return model;
}
