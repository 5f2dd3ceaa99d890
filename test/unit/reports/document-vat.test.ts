/**
 * A document's VAT figures (domain/vat-lines.ts): what the month's worksheet adds up. Issued through the
 * request reader, they must agree with the document's own summary, converted to colones, and read back the
 * same from its signed XML (the backfill of documents kept before the figures were).
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { prepareDocument } from '../../../src/documents/prepare-document.ts';
import { InMemoryCounter } from '../../../src/documents/numbering.ts';
import { shippedCabysCatalog } from '../../../src/catalogs/cabys-catalog.ts';
import { shippedDistrictCodes } from '../../../src/catalogs/district-codes.ts';
import { documentVat, transactionMonth, type VatLine } from '../../../src/domain/vat-lines.ts';
import { readDocumentVat } from '../../../src/reports/read-document-vat.ts';
import { NOW, example } from '../documents/probes/probe.ts';

const RATE = '505.12345';
const EXO = { type: '04', document_number: 'AL-00012345-26', institution: '01', emission_date: '2026-01-10T08:00:00-06:00' };
const item = (description: string, price: number, unit: string, tax: object[], extra: object = {}) =>
  ({ cabys_code: unit === 'Unid' ? '2391102010100' : '6331000000000', quantity: 2, unit, description, price, tax, ...extra });

function issue(items: object[], currency = 'USD') {
  const body = example('01-factura');
  delete body['other_charges'];
  const info = body['commercial_info'] as Record<string, unknown>;
  body['commercial_info'] = { ...info, currency, ...(currency === 'CRC' ? { exchange_rate: undefined } : { exchange_rate: RATE }), payment_method: 'card' };
  return prepareDocument({ ...body, items }, { now: NOW, counter: new InMemoryCounter(), cabys: shippedCabysCatalog(), reference: shippedDistrictCodes() });
}

const total = (lines: VatLine[], pick: (l: VatLine) => string, where: (l: VatLine) => boolean = () => true) =>
  lines.filter(where).reduce((s, l) => s.plus(pick(l)), new Decimal(0));
/** A summary figure in colones; each stored group was rounded to 5 places once, so a few of those may differ. */
const close = (colones: Decimal, figure: Decimal) => expect(colones.minus(figure.mul(RATE)).abs().toNumber()).toBeLessThan(0.0001);

describe('a document\'s VAT figures', () => {
  const doc = issue([
    item('Café tostado', 1250, 'Unid', [{ type: '01', rate_code: '08' }]),
    item('Almuerzo', 4500, 'Os', [{ type: '01', rate_code: '08' }]),
    item('Asesoría exonerada', 10000, 'Sp', [{ type: '01', rate_code: '08', exoneration: { ...EXO, rate: 6.5 } }]),
    item('Arroz', 800, 'Unid', [{ type: '01', rate_code: '10' }]),
    item('Libro', 3000, 'Unid', [{ type: '01', rate_code: '11' }]),
    item('Medicamento', 900, 'Unid', [{ type: '01', rate_code: '02' }]),
  ]);
  const vat = documentVat(doc.model);
  const s = doc.model.summary;
  const rateCode = (code: string | null) => (l: VatLine) => l.rateCode === code;

  it('groups by rate code and goods or services, in colones', () => {
    expect(vat.lines.map((l) => [l.rateCode, l.service]).sort()).toEqual([['02', false], ['08', false], ['08', true], ['10', false], ['11', false]]);
    const goods13 = vat.lines.find((l) => l.rateCode === '08' && !l.service)!;
    // 2 × 1 250 = 2 500 USD at 505.12345 = 1 262 808.625 colones; 13 % of it 325 USD = 164 165.12125.
    expect([goods13.base, goods13.tax]).toEqual(['1262808.62500', '164165.12125']);
  });

  it('agrees with the summary: tax, taxed, exonerated, exempt and non-subject', () => {
    close(total(vat.lines, (l) => l.tax).minus(total(vat.lines, (l) => l.exoneratedTax)), s.tax);
    close(total(vat.lines, (l) => l.exoneratedBase), s.exonerated);
    close(total(vat.lines, (l) => l.base, (l) => ['08', '02'].includes(l.rateCode!)).minus(total(vat.lines, (l) => l.exoneratedBase)), s.taxed);
    close(total(vat.lines, (l) => l.base, rateCode('10')), s.exempt);
    close(total(vat.lines, (l) => l.base, rateCode('11')), s.nonSubject);
  });

  it('reads back the same from the signed XML', () => {
    expect(readDocumentVat(Buffer.from(doc.xml))).toEqual({ vat });
  });

  it('takes the base net of discounts, and a line without VAT as non-subject', () => {
    const discounted = issue([
      item('Café', 1000, 'Unid', [{ type: '01', rate_code: '08' }], { discounts: [{ amount: 150, code: '07' }] }),
      item('Servicio sin IVA', 500, 'Os', [{ type: '02', rate: 10 }]),
    ], 'CRC');
    const lines = documentVat(discounted.model).lines;
    expect(lines.find(rateCode('08'))).toMatchObject({ base: '1850.00000', tax: '240.50000' });
    expect(lines.find(rateCode(null))).toMatchObject({ taxCode: null, base: '1000.00000', tax: '0.00000' });
  });

  it('refuses to read what is not a comprobante, without throwing', () => {
    expect(readDocumentVat(Buffer.from('<!DOCTYPE x><x/>'))).toHaveProperty('problem');
    expect(readDocumentVat(Buffer.from('not xml'))).toHaveProperty('problem');
  });

  it('dates the transaction in Costa Rica time whatever offset FechaEmision carries', () => {
    expect(transactionMonth('2026-11-01T03:00:00Z')).toBe('2026-10');
    expect(transactionMonth('2026-10-31T23:59:00-06:00')).toBe('2026-10');
    expect(transactionMonth('2026-11-01T00:00:00-06:00')).toBe('2026-11');
  });
});
