/**
 * Rules that look at more than one part of the request (the field readers check each part alone):
 * receiver and activity codes per type, references, the payment receipt's sale conditions, tariff codes of
 * export goods, discounts against line amounts, clave against consecutive, and the request totals the
 * spec lets the client give (other charges, VAT returned).
 */
import type { Decimal } from 'decimal.js';
import { parseClave } from '../../domain/clave.ts';
import { parseConsecutive } from '../../domain/consecutive.ts';
import { round5, sum } from '../../domain/money.ts';
import { claveDate } from '../../domain/costa-rica-time.ts';
import type { Problems } from './problems.ts';
import type { DocumentBlock, ParsedRequest } from './parsed-request.ts';
import { deliveryRecipients } from './read-options.ts';
import { PROFILES } from '../../xml/profiles.ts';

const REFERENCE_REQUIRED = new Set(['02', '03', '08', '10']);

function checkParties(problems: Problems, req: Partial<ParsedRequest>, raw: { receiver: unknown }): void {
  const type = req.document?.type;
  if (type !== undefined && type !== '04' && raw.receiver === undefined) problems.add('receiver', 'receiver_required');
  if (type !== undefined && type !== '08' && req.document?.activityCode === undefined && !problems.has('document.activity_code')) {
    problems.add('document.activity_code', 'activity_required');
  }
  if (type === '08' && req.receiver && req.receiver.activityCode === undefined && !problems.has('receiver.activity_code')) {
    problems.add('receiver.activity_code', 'receiver_activity_required');
  }
  if (req.receiver?.foreignAddress !== undefined && type !== '09' && type !== '08' && type !== '01' && type !== '04') {
    problems.add('receiver.foreign_address', 'not_for_document_type');
  }
}

function checkTypeRules(problems: Problems, req: Partial<ParsedRequest>, hasReference: boolean): void {
  const type = req.document?.type;
  if (type !== undefined && REFERENCE_REQUIRED.has(type) && !hasReference) problems.add('reference', 'reference_required');
  const condition = req.commercial?.saleCondition;
  if (type === '10' && condition !== undefined && condition !== '09' && condition !== '11') {
    problems.add('commercial_info.sale_condition', 'payment_receipt_sale_condition');
  }
  if (type === '09') {
    req.items?.forEach((item, i) => {
      if (!item.isService && item.tariffCode === undefined && !problems.has(`items.${i}.tariff_code`)) {
        problems.add(`items.${i}.tariff_code`, 'tariff_required');
      }
    });
  }
}

/** Discounts may not exceed their line's amount (only lines with discounts cost a multiplication). */
function checkDiscounts(problems: Problems, req: Partial<ParsedRequest>): void {
  req.items?.forEach((item, i) => {
    if (item.discounts.length === 0) return;
    const discounts = sum(item.discounts.map((d) => d.amount));
    const amount = round5(item.quantity.mul(item.unitPrice));
    if (discounts.greaterThan(amount)) {
      problems.add(`items.${i}.discount`, 'discounts_exceed_amount', { discounts: discounts.toFixed(5), amount: amount.toFixed(5) });
    }
  });
}

/** A client-supplied clave must be the one this document would carry. */
function checkClave(problems: Problems, doc: Partial<DocumentBlock>, issuerId: string | undefined): void {
  if (doc.clave === undefined) return;
  if (doc.consecutive === undefined) {
    problems.add('document.clave', 'clave_requires_consecutive');
    return;
  }
  let parts;
  try {
    parts = parseClave(doc.clave);
  } catch (err) {
    problems.add('document.clave', 'clave_invalid', { detail: (err as Error).message });
    return;
  }
  if (parts.consecutive !== doc.consecutive) problems.add('document.clave', 'clave_mismatch', { field: 'document.consecutive_number' });
  if (doc.situation !== undefined && parts.situation !== doc.situation) problems.add('document.clave', 'clave_mismatch', { field: 'document.situation' });
  if (doc.issuedAt && parts.day + parts.month + parts.year !== claveDate(doc.issuedAt)) problems.add('document.clave', 'clave_mismatch', { field: 'document.date' });
  if (issuerId !== undefined && parts.identification.replace(/^0+/, '') !== issuerId.replace(/^0+/, '')) {
    problems.add('document.clave', 'clave_mismatch', { field: 'issuer.id' });
  }
}

function checkConsecutive(problems: Problems, doc: Partial<DocumentBlock>): void {
  if (doc.consecutive === undefined) return;
  try {
    const parts = parseConsecutive(doc.consecutive);
    if (doc.type !== undefined && parts.documentType !== doc.type) {
      problems.add('document.consecutive_number', 'consecutive_type', { found: parts.documentType, expected: doc.type });
    }
  } catch (err) {
    problems.add('document.consecutive_number', 'consecutive_invalid', { detail: (err as Error).message });
  }
}

function checkTotals(problems: Problems, req: Partial<ParsedRequest>): void {
  const given = req.totals?.otherCharges;
  if (given !== undefined && req.otherCharges && req.otherCharges.length > 0) {
    const charges = sum(req.otherCharges.map((c) => c.amount));
    if (!charges.equals(given)) problems.add('totals.total_other_charges', 'other_charges_mismatch', { sum: charges.toFixed(5) });
  }
  const returned = req.totals?.ivaReturned;
  if (returned !== undefined && !returned.isZero()) {
    if (req.document?.type !== undefined && !['01', '02', '03', '04'].includes(req.document.type)) {
      problems.add('totals.total_iva_returned', 'not_for_document_type');
    } else if (req.commercial?.payments && !req.commercial.payments.some((p) => p.method === '02')) {
      problems.add('totals.total_iva_returned', 'iva_returned_card');
    }
  }
}

/** Identification that a clave carries: the issuer's, or on a purchase invoice the buyer's (the receiver). */
export function claveOwner(req: Partial<ParsedRequest>): { type: string; number: string } | undefined {
  return req.document?.type === '08' ? req.receiver?.identification : req.issuer?.identification;
}

export function checkBusinessRules(problems: Problems, req: Partial<ParsedRequest>, raw: { receiver: unknown; hasReference: boolean }): void {
  checkParties(problems, req, raw);
  checkPartyProfiles(problems, req);
  checkTypeRules(problems, req, raw.hasReference);
  checkDiscounts(problems, req);
  checkConsecutive(problems, req.document ?? {});
  checkClave(problems, req.document ?? {}, claveOwner(req)?.number);
  checkTotals(problems, req);
  checkDelivery(problems, req);
}

/**
 * What the document type's schema requires of each party (the XML writer's profiles): an address or an
 * e-mail it needs is a field error here, never a failure while writing the XML.
 */
function checkPartyProfiles(problems: Problems, req: Partial<ParsedRequest>): void {
  const type = req.document?.type;
  if (type === undefined) return;
  const profile = PROFILES[type];
  for (const [path, party, needs] of [['issuer', req.issuer, profile.issuer], ['receiver', req.receiver, profile.receiver]] as const) {
    if (!party) continue;
    if (needs.location === 'required' && party.location === undefined && !problems.has(`${path}.address`)) problems.add(`${path}.address`, 'required');
    if (party.emails.length < needs.minEmails && !problems.has(`${path}.email`)) problems.add(`${path}.email`, 'required');
  }
}

/**
 * `delivery.email` with nowhere to send it is refused (docs/email.md): nothing is numbered yet, and
 * dropping the e-mail silently would let the client believe it went out.
 */
function checkDelivery(problems: Problems, req: Partial<ParsedRequest>): void {
  // An address already refused (delivery.recipients.0, receiver.email) is the problem to report, not this.
  const refused = Object.keys(problems.errors).some((path) => path.startsWith('delivery.') || path.startsWith('receiver.email'));
  if (deliveryRecipients(req)?.length === 0 && !refused) problems.add('delivery.recipients', 'delivery_recipients_required');
}

/** VAT returned may not exceed the document's tax; checked once totals exist. */
export function checkIvaReturned(problems: Problems, ivaReturned: Decimal, tax: Decimal): void {
  if (ivaReturned.greaterThan(tax)) problems.add('totals.total_iva_returned', 'iva_returned_exceeds', { tax: tax.toFixed(5) });
}
