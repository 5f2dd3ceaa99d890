/**
 * The credit note that voids a document (POST /documents/{key}/void): the original's own lines, charges and
 * parties, read back from its signed XML, as a request of type 03 that references the original with reason
 * code 01 ("anula documento de referencia"). Issued like any other document, so the same rules and totals
 * apply. It credits what remains of the original's balance: with no note on it, its totals equal the
 * original's; after partial notes, the lines are restated for the remainder (void-remainder.ts).
 */
import type { Decimal } from 'decimal.js';
import type { Discount, DocumentModel, Line, LineTax, OtherCharge, Party } from '../domain/document-model.ts';
import { VAT_TAX_CODES } from '../domain/tax-amounts.ts';
import { tillOfConsecutive } from '../domain/consecutive.ts';
import { restateRemainder, type RestatedLine } from './void-remainder.ts';

/** Referenced document type (Nota 10) of each voidable type: 01 FE, 02 ND, 04 TE, 09 FEE (19 in the 2026 table). */
export const VOIDABLE: Readonly<Record<string, string>> = { '01': '01', '02': '02', '04': '04', '09': '19' };

export const DEFAULT_VOID_REASON = 'Anula documento de referencia';

export interface VoidOptions {
  reason?: string;
  branch?: string;
  terminal?: string;
  now: Date;
  /** What is left to credit, in the original's currency (its balance); the whole total when not given. */
  remainder?: Decimal;
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

function tax(t: LineTax, line: Pick<Line, 'taxableBase' | 'ivaChargedAtFactory'>, assumed?: Decimal): Record<string, unknown> {
  const edited = t.code === '07' || (t.code === '01' && line.ivaChargedAtFactory === '01');
  return {
    type: t.code,
    type_other: t.codeOther,
    rate_code: t.rateCode,
    rate: t.rate?.toString(),
    iva_factor: t.ivaFactor?.toString(),
    taxable_base: edited ? line.taxableBase.toFixed(5) : undefined,
    specific: t.specific && {
      unit_quantity: t.specific.unitQuantity.toString(), percentage: t.specific.percentage?.toString(),
      consumption_unit_volume: t.specific.consumptionUnitVolume?.toString(), tax_per_unit: t.specific.taxPerUnit.toString(),
    },
    // VAT and specific taxes with their data are recomputed; other taxes carry their amount.
    amount: ['01', '07', '08'].includes(t.code) || t.specific ? undefined : t.amount.toFixed(5),
    export_amount: t.exportAmount?.toFixed(5),
    assumed_tax_amount: assumed?.toFixed(5),
  };
}

/**
 * The line's ImpuestoAsumidoEmisorFabrica shared out over its taxes, VAT first, each up to what it leaves
 * unexonerated: the XML keeps only the line's total, and stating it again reproduces it whatever made it
 * (gifts, VAT or specific taxes collected at the factory).
 */
function assumedShares(line: Line): (Decimal | undefined)[] {
  if (line.assumedTax.isZero()) return line.taxes.map(() => undefined);
  let left = line.assumedTax;
  const indices = [...line.taxes.keys()];
  const vatFirst = [...indices.filter((i) => VAT_TAX_CODES.has(line.taxes[i]!.code)), ...indices.filter((i) => !VAT_TAX_CODES.has(line.taxes[i]!.code))];
  const shares: (Decimal | undefined)[] = line.taxes.map(() => undefined);
  for (const i of vatFirst) {
    const t = line.taxes[i]!;
    const room = t.amount.minus(t.exoneration?.amount ?? 0);
    const share = left.lessThan(room) ? left : room;
    shares[i] = share;
    left = left.minus(share);
  }
  return shares;
}

function discount(d: Discount): Record<string, unknown> {
  return { amount: d.amount.toFixed(5), code: d.code, other_code: d.codeOther, reason: d.nature };
}

/** A combo's components: the line's taxes and discounts are theirs (annex page 38). */
function components(line: Line): Record<string, unknown>[] {
  return line.assortment.map((c) => ({
    cabys_code: c.cabysCode, commercial_codes: c.commercialCodes, quantity: c.quantity.toString(), unit: c.unit, commercial_unit: c.commercialUnit,
    description: c.description, price: c.unitPrice.toFixed(5), discounts: c.discounts.map(discount), iva_charged_at_factory: c.ivaChargedAtFactory,
    tax: c.taxes.map((t) => tax(t, c)),
  }));
}

function exoneration(line: Line): Record<string, unknown> | undefined {
  const ex = line.taxes.find((t) => t.exoneration)?.exoneration;
  if (!ex) return undefined;
  // A combo exonerated across several rates carries its amount (TarifaExonerada 0); otherwise the rate.
  const rateOrAmount = ex.rate.isZero() && !ex.amount.isZero() ? { amount: ex.amount.toFixed(5) } : { percentage: ex.rate.toString() };
  return {
    type: ex.documentType, type_other: ex.documentTypeOther, document_number: ex.documentNumber, article: ex.article, inciso: ex.inciso,
    institution: ex.institution, institution_name: ex.institutionOther, emission_date: ex.issuedAt, ...rateOrAmount,
  };
}

function taxesOf(line: Line): Record<string, unknown>[] {
  const shares = assumedShares(line);
  return line.taxes.map((t, i) => tax(t, line, shares[i]));
}

function item(line: Line): Record<string, unknown> {
  const combo = line.assortment.length > 0;
  return {
    line_number: line.number,
    cabys_code: line.cabysCode,
    quantity: line.quantity.toString(),
    unit: line.unit,
    commercial_unit: line.commercialUnit,
    description: line.description,
    unit_price: line.unitPrice.toFixed(5),
    discounts: combo ? undefined : line.discounts.map(discount),
    tax: combo ? undefined : taxesOf(line),
    surtido_items: combo ? components(line) : undefined,
    exoneration: exoneration(line),
    commercial_codes: line.commercialCodes,
    tariff_code: line.tariffCode,
    transaction_type: line.transactionType,
    iva_charged_at_factory: line.ivaChargedAtFactory,
    medication_registry: line.medicationRegistry,
    pharmaceutical_form: line.pharmaceuticalForm,
    serial_numbers: line.serialNumbers,
  };
}

/** A plain line restated as quantity 1 at its share of the remainder, without its discounts (void-remainder.ts). */
function restatedItem({ line, net }: RestatedLine, index: number): Record<string, unknown> {
  return { ...item(line), line_number: index + 1, quantity: '1', unit_price: net.toFixed(5), discounts: undefined, serial_numbers: undefined };
}

function otherCharge(c: OtherCharge, amount = c.amount): Record<string, unknown> {
  return { document_type: c.type, type_other: c.typeOther, amount: amount.toFixed(5), detail: c.detail, percentage: c.percentage?.toString(), id_number: c.thirdParty?.number, id_type: c.thirdParty?.type, name: c.thirdPartyName };
}

export function voidRequest(original: DocumentModel, options: VoidOptions): Record<string, unknown> {
  const s = original.summary;
  const part = options.remainder !== undefined && !options.remainder.equals(s.total) ? restateRemainder(original, options.remainder) : undefined;
  // A part of the total is paid back by one means, the original's first.
  const payments = part ? s.payments.slice(0, 1) : s.payments;
  const till = tillOfConsecutive(original.consecutive);
  return {
    document: {
      document_type: '03',
      date: options.now.toISOString(),
      situation: '1',
      activity_code: original.issuerActivityCode,
      branch: options.branch ?? till.branch,
      terminal: options.terminal ?? till.terminal,
      provider_system_id: original.providerSystemId,
    },
    commercial_info: {
      currency: s.currency,
      exchange_rate: s.exchangeRate.toString(),
      sale_condition: original.saleCondition,
      sale_condition_other: original.saleConditionOther,
      credit_terms: original.creditTermDays,
      // A lone payment takes the whole total (which may be 0: everything given away); several keep their amounts.
      payment_method: payments.map((p) => ({ method: p.method, other: p.methodOther, amount: payments.length > 1 ? p.amount.toFixed(5) : undefined })),
    },
    issuer: party(original.issuer),
    receiver: original.receiver ? party(original.receiver, original.receiverActivityCode) : undefined,
    items: part ? part.lines.map(restatedItem) : original.lines.map(item),
    other_charges: part ? part.otherCharges.map((c) => otherCharge(c.charge, c.amount)) : original.otherCharges.map((c) => otherCharge(c)),
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
