/**
 * The bodies the invoice screen sends: POST /electronic-documents (spec "Document request", as in
 * examples/requests/*.json) and the draft check POST /hacienda/validate, both from one InvoiceDraft so
 * that the totals shown are those of the document issued. Amounts travel as the decimal text typed; the
 * server computes every subtotal, tax and total.
 */
import { isExport, needsParty, needsReference, partyIsSupplier } from './document-types.ts';
import type { Address, InvoiceDraft, LineDraft, Organization, PartyDraft, ReferenceDraft } from './types.ts';

/** "1 500,5" -> "1500.5": the comma is the decimal separator many shopkeepers type. */
export function decimalText(text: string): string {
  return text.trim().replace(/\s/g, '').replace(',', '.');
}

/** A decimal greater than zero, at most 5 decimals (the XML's precision). */
export const POSITIVE_DECIMAL = /^(?=.*[1-9])\d{1,13}(\.\d{1,5})?$/;

function addressBlock(a: Address | null | undefined): Record<string, string> | undefined {
  if (!a || !a.province || !a.canton || !a.district || !a.details?.trim()) return undefined;
  return { province: a.province, canton: a.canton, district: a.district, ...(a.neighborhood ? { neighborhood: a.neighborhood } : {}), details: a.details.trim() };
}

export function partyBlock(p: PartyDraft): Record<string, unknown> {
  const address = addressBlock(p.address);
  return {
    type: p.type,
    id: p.id.trim(),
    name: p.name.trim(),
    ...(p.email.trim() ? { email: p.email.trim() } : {}),
    ...(address ? { address } : {}),
    ...(p.foreignAddress.trim() ? { foreign_address: p.foreignAddress.trim() } : {}),
  };
}

/** The organization as a party, with the location kept in its profile (may be missing: the screen says so). */
export function organizationBlock(org: Organization): Record<string, unknown> {
  const address = addressBlock(org.address);
  return {
    type: org.identification_type,
    id: org.identification_number,
    name: org.legal_name ?? org.name,
    ...(org.email ? { email: org.email } : {}),
    ...(address ? { address } : {}),
  };
}

/** Issuer and receiver: the organization sells, except on a purchase invoice, where it buys from the party. */
function parties(draft: InvoiceDraft, org: Organization): { issuer: Record<string, unknown>; receiver?: Record<string, unknown> } {
  const party = draft.party && (needsParty(draft.documentType) || draft.party.id.trim()) ? partyBlock(draft.party) : undefined;
  if (partyIsSupplier(draft.documentType)) {
    const activity = org.economic_activities[0];
    return { issuer: party ?? {}, receiver: { ...organizationBlock(org), ...(activity ? { activity_code: activity } : {}) } };
  }
  return { issuer: organizationBlock(org), ...(party ? { receiver: party } : {}) };
}

export function itemBlock(line: LineDraft, exportInvoice: boolean): Record<string, unknown> {
  const discount = decimalText(line.discount);
  return {
    ...(line.cabysCode.trim() ? { cabys_code: line.cabysCode.trim() } : {}),
    ...(line.productCode ? { code: line.productCode } : {}),
    quantity: decimalText(line.quantity),
    unit: line.unit,
    description: line.description.trim(),
    price: decimalText(line.price),
    tax: { type: '01', rate_code: line.rateCode },
    // Code 07 "descuento comercial": the one kind a shopkeeper gives by hand.
    ...(POSITIVE_DECIMAL.test(discount) ? { discount: [{ amount: discount, code: '07' }] } : {}),
    ...(exportInvoice && line.tariffCode.trim() ? { tariff_code: line.tariffCode.trim() } : {}),
  };
}

/** A calendar day becomes the start of that day in Costa Rica; a full date-time passes as it is. */
export function referenceDate(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00-06:00` : date;
}

/** The Costa Rica calendar day (UTC−6, no daylight saving) of a date-time with its zone, or '' if it is none. */
export function costaRicaDay(dateTime: string): string {
  const at = Date.parse(dateTime);
  return Number.isNaN(at) ? '' : new Date(at - 6 * 3_600_000).toISOString().slice(0, 10);
}

export function referenceBlock(r: ReferenceDraft): Record<string, unknown> {
  // The referenced document's own emission time while the day shown is still its day; else the day typed.
  const date = r.time && costaRicaDay(r.time) === r.date ? r.time : referenceDate(r.date);
  return {
    document_type: r.documentType,
    ...(r.number.trim() ? { number: r.number.trim() } : {}),
    date,
    code: r.code,
    ...(r.code === '99' && r.codeOther.trim() ? { code_other_description: r.codeOther.trim() } : {}),
    ...(r.reason.trim() ? { reason: r.reason.trim() } : {}),
  };
}

export function commercialBlock(draft: InvoiceDraft): Record<string, unknown> {
  const c = draft.commercial;
  return {
    currency: c.currency,
    ...(c.currency !== 'CRC' ? { exchange_rate: decimalText(c.exchangeRate) } : {}),
    sale_condition: c.saleCondition,
    ...(c.saleCondition === '02' && c.creditDays.trim() ? { credit_days: c.creditDays.trim() } : {}),
    payment_method: c.paymentMethod,
  };
}

function body(draft: InvoiceDraft, org: Organization) {
  const activity = org.economic_activities[0];
  return {
    activity: !partyIsSupplier(draft.documentType) && activity ? { activity_code: activity } : {},
    commercial_info: commercialBlock(draft),
    ...parties(draft, org),
    items: draft.lines.map((line) => itemBlock(line, isExport(draft.documentType))),
    ...(needsReference(draft.documentType) ? { reference: referenceBlock(draft.reference) } : {}),
  };
}

/**
 * POST /electronic-documents. `offline`: situation 3 "sin internet", signed into the clave (docs/contingency.md).
 * `language`: the screen's, so that the server's refusals (a field error) come in the shopkeeper's words.
 */
export function documentRequest(draft: InvoiceDraft, org: Organization, now: Date, offline = false, language?: 'es' | 'en') {
  const { activity, ...rest } = body(draft, org);
  return {
    document: { document_type: draft.documentType, date: now.toISOString(), situation: offline ? '3' : '1', ...activity },
    ...rest,
    ...(language ? { api_config: { language } } : {}),
  };
}

/** POST /hacienda/validate: the same document without a date (the server checks it as of now). */
export function draftRequest(draft: InvoiceDraft, org: Organization) {
  const { activity, ...rest } = body(draft, org);
  return { document_type: draft.documentType, document: { document_type: draft.documentType, situation: '1', ...activity }, ...rest };
}
