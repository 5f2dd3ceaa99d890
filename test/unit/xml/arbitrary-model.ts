/**
 * fast-check arbitrary of document models: a fixture of a random type and variant, then random
 * subsets of the optional elements, random text (XML special characters, non-ASCII, astral, tab,
 * LF, CR) within each element's XSD length, and random amounts within each element's digits. The
 * amounts need not add up: the XSD does not check arithmetic, and the writer only formats.
 */
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import type { DocumentModel, DocumentTypeCode, Line } from '../../../src/domain/document-model.ts';
import { DOCUMENT_TYPES, sampleModel, type SampleVariant } from '../../fixtures/document-models.ts';

const PLAIN = [...'abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789.,-'];
const SPECIAL = ['&', '<', '>', '"', "'", '\t', '\n', '\r', 'ñ', 'é', '₡', '😀', '𝄞', '\u00a0', '\u2028', '\u0085', ']'];
const unit = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PLAIN) },
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-composite', minLength: 1, maxLength: 1 }) },
);

/** Text of `min`..`max` characters (code points), as the XSD's length facets count them. */
export const text = (min: number, max: number): fc.Arbitrary<string> => fc.string({ unit, minLength: min, maxLength: max });
const opt = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arb, { nil: undefined });
const code = (...codes: string[]): fc.Arbitrary<string> => fc.constantFrom(...codes);

/** A decimal with `integerDigits` digits at most and 0..`places` decimals. */
function decimal(integerDigits: number, places: number): fc.Arbitrary<Decimal> {
  const max = 10n ** BigInt(integerDigits) - 1n;
  const integer = fc.oneof(fc.bigInt({ min: 0n, max: max < 1000n ? max : 1000n }), fc.bigInt({ min: 0n, max }));
  return fc
    .tuple(integer, fc.integer({ min: 0, max: 10 ** places - 1 }), fc.integer({ min: 0, max: places }))
    .map(([i, f, p]) => new Decimal(`${i}.${String(f).padStart(places, '0')}`).toDecimalPlaces(p, Decimal.ROUND_DOWN));
}
const money = decimal(13, 5);
const rate = decimal(2, 2);

const discount = fc.record({
  amount: money,
  code: code('01', '02', '03', '04', '05', '06', '07', '08', '09', '99'),
  codeOther: opt(text(5, 80)),
  nature: opt(text(3, 80)),
});

const exoneration = fc.record({
  documentType: code('01', '02', '03', '04', '11', '99'),
  documentTypeOther: opt(text(5, 100)),
  documentNumber: text(3, 40),
  article: opt(fc.integer({ min: 1, max: 999999 }).map(String)),
  inciso: opt(fc.integer({ min: 1, max: 999999 }).map(String)),
  institution: code('01', '05', '12', '99'),
  institutionOther: opt(text(5, 160)),
  issuedAt: fc.constant('2025-11-01T09:00:00-06:00'),
  rate,
  amount: money,
});

const specific = fc.record({
  unitQuantity: decimal(5, 2),
  percentage: opt(rate),
  proportion: opt(decimal(5, 5)),
  consumptionUnitVolume: opt(decimal(5, 2)),
  taxPerUnit: money,
});

const tax = fc.record({
  code: code('01', '02', '04', '07', '99'),
  codeOther: opt(text(5, 100)),
  rateCode: opt(code('01', '08', '09', '10', '11')),
  rate: opt(rate),
  ivaFactor: opt(decimal(1, 4)),
  specific: opt(specific),
  amount: money,
  exportAmount: opt(money),
  exoneration: opt(exoneration),
});

/** Random optional content of the first line. */
const lineChanges = fc.record({
  description: text(3, 200),
  quantity: decimal(13, 3),
  unitPrice: money,
  amount: money,
  subtotal: money,
  total: money,
  commercialUnit: opt(text(1, 20)),
  transactionType: opt(code('01', '02', '13')),
  serialNumbers: fc.array(text(1, 17), { maxLength: 3 }),
  medicationRegistry: opt(text(1, 100)),
  pharmaceuticalForm: opt(text(1, 3)),
  discounts: fc.array(discount, { maxLength: 5 }),
  ivaChargedAtFactory: opt(code('01', '02')),
  taxes: fc.array(tax, { minLength: 1, maxLength: 3 }),
  dropCabys: fc.boolean(),
  tariffCode: opt(fc.constantFrom('847330000000', '090111000000')),
});

/** Random optional content of a combo component (the fixtures' second line is a combo). */
const assortmentChanges = fc.record({
  commercialUnit: opt(text(1, 20)),
  description: text(3, 200),
  discounts: fc.array(fc.record({ amount: money, code: code('01', '99'), codeOther: opt(text(3, 80)) }), { maxLength: 5 }),
  ivaChargedAtFactory: opt(code('01', '02')),
  taxes: fc.array(
    fc.record({ code: code('01', '04'), codeOther: opt(text(5, 100)), rateCode: opt(code('08')), rate: opt(rate), specific: opt(specific), amount: money }),
    { minLength: 1, maxLength: 2 },
  ),
});

const otherCharge = fc.record({
  type: code('01', '06', '10', '99'),
  typeOther: opt(text(5, 100)),
  thirdParty: opt(fc.record({ type: code('01', '02'), number: fc.constantFrom('114520789', '3101654321') })),
  thirdPartyName: opt(text(5, 100)),
  detail: text(1, 160),
  percentage: opt(decimal(4, 5)),
  amount: money,
});

const reference = fc.record({
  documentType: code('01', '04', '99'),
  documentTypeOther: opt(text(5, 100)),
  number: opt(fc.constantFrom('50614032600310112345600100001010000000099112345678', 'OC-1')),
  issuedAt: fc.constant('2026-03-01T08:00:00-06:00'),
  code: opt(code('01', '02', '04', '99')),
  codeOther: opt(text(5, 100)),
  reason: opt(text(1, 180)),
});

const payment = fc.record({ method: code('01', '02', '04', '06', '99'), methodOther: opt(text(3, 100)), amount: money });

const changes = fc.record({
  type: fc.constantFrom(...DOCUMENT_TYPES),
  variant: fc.constantFrom<SampleVariant>('minimal', 'full', 'unicode', 'discounts', 'usd'),
  issuerName: text(5, 100),
  commercialName: opt(text(3, 80)),
  neighborhood: opt(text(5, 50)),
  details: text(5, 250),
  receiverName: text(3, 100),
  foreignAddress: opt(text(5, 300)),
  // Content some types do not allow: the writer must leave it out and stay schema-valid.
  issuerForeignAddress: opt(text(5, 300)),
  fiscalRegistry: opt(fc.constantFrom('12345', '987654321012')),
  receiverActivityCode: opt(fc.constantFrom('620100', '862000')),
  receiverLocation: fc.boolean(),
  dropReceiver: fc.boolean(),
  blankReceiverId: fc.boolean(),
  dropIssuerActivity: fc.boolean(),
  saleConditionOther: opt(text(5, 100)),
  creditTermDays: opt(fc.integer({ min: 0, max: 99999 })),
  line: lineChanges,
  assortment: assortmentChanges,
  otherCharges: fc.array(otherCharge, { maxLength: 3 }),
  totals: fc.array(fc.oneof(fc.constant(new Decimal(0)), money), { minLength: 16, maxLength: 16 }),
  breakdown: fc.array(fc.record({ code: code('01', '02', '99'), rateCode: opt(code('08', '10')), amount: money }), { maxLength: 3 }),
  payments: fc.array(payment, { minLength: 1, maxLength: 4 }),
  references: fc.array(reference, { minLength: 1, maxLength: 3 }),
  dropReferences: fc.boolean(),
  others: fc.array(fc.record({ kind: opt(fc.constant('content' as const)), code: opt(text(0, 20)), text: text(0, 500) }), { maxLength: 3 }),
});

type Changes = typeof changes extends fc.Arbitrary<infer T> ? T : never;

const SUMMARY_KEYS = [
  'taxedServices', 'exemptServices', 'exoneratedServices', 'nonSubjectServices', 'taxedGoods', 'exemptGoods',
  'exoneratedGoods', 'nonSubjectGoods', 'taxed', 'exempt', 'exonerated', 'nonSubject', 'discounts', 'tax',
  'assumedTax', 'otherCharges',
] as const;

const RECEIVER_OPTIONAL: readonly DocumentTypeCode[] = ['02', '03', '04', '09'];

function changeLine(line: Line, c: Changes['line'], type: DocumentTypeCode): Line {
  const { dropCabys, ...rest } = c;
  const changed: Line = { ...line, ...rest };
  if (dropCabys && (type === '02' || type === '03')) delete changed.cabysCode;
  return changed;
}

function build(c: Changes): DocumentModel {
  const m = sampleModel(c.type, c.variant);
  const { issuerName: name, commercialName, issuerForeignAddress: foreignAddress, fiscalRegistry: fiscalRegistry8707 } = c;
  m.issuer = { ...m.issuer, name, commercialName, foreignAddress, fiscalRegistry8707 };
  if (m.issuer.location) m.issuer.location = { ...m.issuer.location, neighborhood: c.neighborhood, details: c.details };
  if (m.receiver) m.receiver = { ...m.receiver, name: c.receiverName, foreignAddress: c.foreignAddress };
  if (m.receiver && c.receiverLocation) m.receiver.location = { province: '4', canton: '02', district: '03', details: c.details };
  if (c.type !== '08') m.receiverActivityCode = c.receiverActivityCode;
  if (m.receiver && c.blankReceiverId && RECEIVER_OPTIONAL.includes(c.type)) m.receiver.identification = { type: '', number: '' };
  if (c.dropReceiver && RECEIVER_OPTIONAL.includes(c.type)) delete m.receiver;
  if (c.dropIssuerActivity && ['02', '03', '08'].includes(c.type)) delete m.issuerActivityCode;
  if (c.type !== '10') {
    m.saleCondition = c.saleConditionOther ? '99' : m.saleCondition;
    m.saleConditionOther = c.saleConditionOther;
    m.creditTermDays = c.creditTermDays;
  }
  m.lines[0] = changeLine(m.lines[0]!, c.line, c.type);
  const combo = m.lines[1]?.assortment[0];
  if (combo) m.lines[1]!.assortment[0] = { ...combo, ...c.assortment };
  m.otherCharges = c.otherCharges;
  SUMMARY_KEYS.forEach((key, i) => (m.summary[key] = c.totals[i]!));
  m.summary.taxBreakdown = c.breakdown;
  // A lone payment is the whole document, as the engine makes it (a zero one is left out of the XML and
  // read back as the total), so it may be zero only when the total is.
  m.summary.payments = c.payments.length === 1 && !m.summary.total.isZero() ? [{ ...c.payments[0]!, amount: m.summary.total }] : c.payments;
  // References are optional on FE, TE and FEE only.
  m.references = c.dropReferences && ['01', '04', '09'].includes(c.type) ? [] : c.references;
  // REP references must name the paid document.
  if (c.type === '10') m.references = m.references.map((r) => ({ ...r, number: r.number ?? 'OC-1' }));
  m.others = c.others;
  return m;
}

/** Random but schema-valid document models. */
export const arbitraryModel: fc.Arbitrary<DocumentModel> = changes.map(build);
