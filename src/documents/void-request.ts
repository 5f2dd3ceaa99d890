/**
 * The credit note that voids a document (POST /documents/{key}/void): the original's own lines, charges and
 * parties, read back from its signed XML, as a request of type 03 that references the original with reason
 * code 01 ("anula documento de referencia"). Issued like any other document, so the same rules and totals
 * apply, and its totals equal the original's.
 */
import type { DocumentModel, Line, LineTax, Party } from '../domain/document-model.ts';

/** Referenced document type (Nota 10) of each voidable type: 01 FE, 02 ND, 04 TE, 09 FEE (19 in the 2026 table). */
export const VOIDABLE: Readonly<Record<string, string>> = { '01': '01', '02': '02', '04': '04', '09': '19' };

export const DEFAULT_VOID_REASON = 'Anula documento de referencia';

export interface VoidOptions {
  reason?: string;
  branch?: string;
  terminal?: string;
  now: Date;
}

function party(p: Party, activityCode?: string): Record<string, unknown> {
  return {
    type: p.identification.type,
    id: p.identification.number,
    name: p.name,
    commercial_name: p.commercialName,
    email: p.emails[0],
    phone: p.phone ? { country_code: p.phone.countryCode, number: p.phone.number } : undefined,
    address: p.location
      ? { province: p.location.province, canton: p.location.canton, district: p.location.district, neighborhood: p.location.neighborhood, details: p.location.details }
      : undefined,
    foreign_address: p.foreignAddress,
    activity_code: activityCode,
  };
}

function tax(t: LineTax): Record<string, unknown> {
  return {
    type: t.code,
    type_other: t.codeOther,
    rate_code: t.rateCode,
    rate: t.rate?.toString(),
    iva_factor: t.ivaFactor?.toString(),
    // VAT is recomputed from base and rate; other taxes carry their amount.
    amount: ['01', '07', '08'].includes(t.code) ? undefined : t.amount.toFixed(5),
  };
}

function item(line: Line): Record<string, unknown> {
  const exonerated = line.taxes.find((t) => t.exoneration)?.exoneration;
  return {
    line_number: line.number,
    cabys_code: line.cabysCode,
    quantity: line.quantity.toString(),
    unit: line.unit,
    commercial_unit: line.commercialUnit,
    description: line.description,
    unit_price: line.unitPrice.toFixed(5),
    discounts: line.discounts.map((d) => ({ amount: d.amount.toFixed(5), code: d.code, other_code: d.codeOther, reason: d.nature })),
    tax: line.taxes.map(tax),
    exoneration: exonerated && {
      type: exonerated.documentType, type_other: exonerated.documentTypeOther, document_number: exonerated.documentNumber,
      article: exonerated.article, inciso: exonerated.inciso, institution: exonerated.institution,
      institution_name: exonerated.institutionOther, emission_date: exonerated.issuedAt, percentage: exonerated.rate.toString(),
    },
    commercial_codes: line.commercialCodes,
    tariff_code: line.tariffCode,
    transaction_type: line.transactionType,
  };
}

export function voidRequest(original: DocumentModel, options: VoidOptions): Record<string, unknown> {
  const s = original.summary;
  return {
    document: {
      document_type: '03',
      date: options.now.toISOString(),
      situation: '1',
      activity_code: original.issuerActivityCode,
      branch: options.branch ?? original.consecutive.slice(0, 3),
      terminal: options.terminal ?? original.consecutive.slice(3, 8),
      provider_system_id: original.providerSystemId,
    },
    commercial_info: {
      currency: s.currency,
      exchange_rate: s.exchangeRate.toString(),
      sale_condition: original.saleCondition,
      sale_condition_other: original.saleConditionOther,
      payment_method: s.payments.map((p) => ({ method: p.method, other: p.methodOther, amount: p.amount.toFixed(5) })),
    },
    issuer: party(original.issuer),
    receiver: original.receiver ? party(original.receiver, original.receiverActivityCode) : undefined,
    items: original.lines.map(item),
    other_charges: original.otherCharges.map((c) => ({ document_type: c.type, type_other: c.typeOther, amount: c.amount.toFixed(5), detail: c.detail, percentage: c.percentage?.toString(), id_number: c.thirdParty?.number, id_type: c.thirdParty?.type, name: c.thirdPartyName })),
    totals: s.ivaReturned.isZero() ? undefined : { total_iva_returned: s.ivaReturned.toFixed(5) },
    reference: {
      document_type: VOIDABLE[original.type],
      date: original.issuedAt,
      number: original.clave,
      code: '01',
      reason: (options.reason ?? DEFAULT_VOID_REASON).slice(0, 180),
    },
  };
}
