/**
 * ResumenFactura and its neighbours as label/value rows: totals with the taxes per rate
 * (TotalDesgloseImpuesto), payment methods, sale condition, currency and referenced documents.
 */
import { DOCUMENT_TYPES, IVA_RATE_NAMES_EN, ivaRateCodes, paymentMethods, referencedDocumentTypes, saleConditions, taxCodes } from '../domain/codes.ts';
import type { DocumentModel, Reference, TaxBreakdown } from '../domain/document-model.ts';
import type { Language } from '../i18n/validation-messages.ts';
import { PAYMENT_METHODS_EN, SALE_CONDITIONS_EN, TAX_CODES_EN, type PdfLabels } from './labels.ts';
import { dateTime, money } from './text.ts';

export type Row = [label: string, value: string];

/** VAT codes (Nota 8) whose breakdown is per CodigoTarifaIVA. */
const VAT_CODES = new Set(['01', '07', '08']);

function taxLabel(tax: TaxBreakdown, lang: Language): string {
  const name = (lang === 'en' ? TAX_CODES_EN : taxCodes.codes)[tax.code] ?? tax.code;
  if (!VAT_CODES.has(tax.code) || !tax.rateCode) return name;
  const rateName = (lang === 'en' ? IVA_RATE_NAMES_EN : ivaRateCodes.codes)[tax.rateCode] ?? tax.rateCode;
  return `${lang === 'en' ? 'VAT' : 'IVA'} ${rateName}`;
}

/** The rows above the grand total; rows of a nil amount are left out, except the three every sale has. */
export function totalRows(model: DocumentModel, labels: PdfLabels, lang: Language): Row[] {
  const s = model.summary;
  const m = (amount: typeof s.total) => money(amount, s.currency);
  const rows: Row[] = [[labels.sales, m(s.sales)]];
  if (!s.discounts.isZero()) rows.push([labels.discounts, m(s.discounts)]);
  rows.push([labels.netSales, m(s.netSales)]);
  for (const tax of s.taxBreakdown) rows.push([taxLabel(tax, lang), m(tax.amount)]);
  if (s.taxBreakdown.length === 0) rows.push([labels.taxes, m(s.tax)]);
  if (!s.otherCharges.isZero()) rows.push([labels.otherCharges, m(s.otherCharges)]);
  if (!s.ivaReturned.isZero()) rows.push([labels.ivaReturned, `-${m(s.ivaReturned)}`]);
  return rows;
}

export function paymentRows(model: DocumentModel, lang: Language): Row[] {
  const names = lang === 'en' ? PAYMENT_METHODS_EN : paymentMethods.codes;
  return model.summary.payments.map((p) => [p.methodOther ?? names[p.method] ?? p.method, money(p.amount, model.summary.currency)]);
}

/** Sale condition, credit term, currency and rate, the issuer's economic activity. */
export function factRows(model: DocumentModel, labels: PdfLabels, lang: Language): Row[] {
  const conditions = lang === 'en' ? SALE_CONDITIONS_EN : saleConditions.codes;
  const rows: Row[] = [[labels.saleCondition, model.saleConditionOther ?? conditions[model.saleCondition] ?? model.saleCondition]];
  if (model.creditTermDays !== undefined) rows.push([labels.creditDays, String(model.creditTermDays)]);
  rows.push([labels.currency, model.summary.currency]);
  if (model.summary.currency !== 'CRC') rows.push([labels.exchangeRate, money(model.summary.exchangeRate, 'CRC')]);
  if (model.issuerActivityCode) rows.push([labels.activity, model.issuerActivityCode]);
  return rows;
}

function referencedType(code: string, lang: Language): string {
  const own = DOCUMENT_TYPES[code as keyof typeof DOCUMENT_TYPES];
  if (own && Number(code) <= 4) return lang === 'en' ? own.nameEn : own.nameEs;
  return referencedDocumentTypes.codes[code] ?? code;
}

/** One line per InformacionReferencia: type, number, date and reason. */
export function referenceLines(references: Reference[], lang: Language): string[] {
  return references.map((r) =>
    [r.documentTypeOther ?? referencedType(r.documentType, lang), r.number, `(${dateTime(r.issuedAt)})`, r.reason ? `— ${r.reason}` : undefined]
      .filter((part) => part)
      .join(' '),
  );
}
