/**
 * The credit note that voids a document, read back from the original's XML: it passes every annex rule and
 * gives back exactly the original's totals, whatever regime the original used — a ticket without receiver,
 * gifts, specific taxes, an edited base, a combo exonerated by amount, a credit sale, split payments.
 */
import { describe, expect, it } from 'vitest';
import { prepareDocument } from '../../../src/documents/prepare-document.ts';
import { InMemoryCounter } from '../../../src/documents/numbering.ts';
import { voidRequest } from '../../../src/documents/void-request.ts';
import { readDocument } from '../../../src/xml/read-document.ts';
import { validateXsd } from '../../../src/xml/xsd-validate.ts';
import { shippedCabysCatalog } from '../../../src/catalogs/cabys-catalog.ts';
import { shippedDistrictCodes } from '../../../src/catalogs/district-codes.ts';
import type { DocumentModel } from '../../../src/domain/document-model.ts';
import { Dec } from '../../../src/domain/money.ts';
import { withPlaceholderSignature } from '../../helpers/xsd.ts';
import { NOW, example, type Example } from './probes/probe.ts';
import type { Body } from '../../fixtures/example-requests.ts';

const ctx = () => ({ now: NOW, counter: new InMemoryCounter(), cabys: shippedCabysCatalog(), reference: shippedDistrictCodes() });
const EXO = { type: '04', document_number: 'AL-00012345-26', institution: '01', emission_date: '2026-01-10T08:00:00-06:00' };

function original(name: Example, edit: (b: Body) => void = () => {}): DocumentModel {
  const body = example(name);
  edit(body);
  const read = readDocument(withPlaceholderSignature(prepareDocument(body, ctx()).xml));
  if (read.kind !== 'document') throw new Error('expected a comprobante');
  return read.model;
}

const ORIGINALS: [string, () => DocumentModel][] = [
  ['a ticket without receiver', () => original('04-tiquete')],
  ['an invoice with other charges and a discount', () => original('01-factura')],
  ['a credit sale paid in two ways', () => original('01-factura', (b) => {
    b['commercial_info'] = { currency: 'CRC', sale_condition: '02', credit_terms: 30, payment_method: [{ method: 'cash', amount: 1000 }, { method: 'transfer' }] };
  })],
  ['a ticket given away, half exonerated', () => original('04-tiquete', (b) => {
    Object.assign(b['items'][0], { discount: [{ amount: 4500, code: '01' }], exoneration: { ...EXO, percentage: 6.5 } });
  })],
  ['whisky with its specific tax and an edited base', () => original('04-tiquete', (b) => {
    b['items'] = [
      { cabys_code: '2413100000200', quantity: 6, unit: 'Unid', description: 'Whisky 750 ml', price: 5000, tax: [{ type: '04', specific: { unit_quantity: 750, percentage: 40, tax_per_unit: 0.5 } }, { type: '01', rate_code: '08' }] },
      { cabys_code: '6331000000000', quantity: 1, unit: 'Os', description: 'Servicio especial', price: 4500, tax: [{ type: '07', rate_code: '08', taxable_base: 3000 }] },
    ];
  })],
  ['a pack exonerated by amount across two rates', () => original('01-factura', (b) => {
    delete b['other_charges'];
    b['items'] = [{
      cabys_code: '2399999002200', quantity: 2, unit: 'Unid', description: 'Canasta navideña', commercial_codes: [{ type: '03', code: '7441234567890' }], exoneration: { ...EXO, amount: 100 },
      surtido_items: [
        { cabys_code: '2391102010100', description: 'Café tostado', quantity: 1, unit: 'Kg', price: 1000, discount: [{ amount: 100, code: '07' }], tax: [{ type: '01', rate_code: '08' }] },
        { cabys_code: '0111100000100', description: 'Trigo', quantity: 2, unit: 'Kg', price: 250, tax: [{ type: '01', rate_code: '02' }] },
      ],
    }];
  })],
  ['an export invoice', () => original('09-factura-exportacion')],
  ['VAT charged at the factory with its assumed part, and another tax partly assumed', () => original('04-tiquete', (b) => {
    b['items'] = [
      { cabys_code: '2391102010100', quantity: 1, unit: 'Unid', description: 'Producto con IVA de fábrica', price: 1000, iva_charged_at_factory: '01',
        tax: [{ type: '01', rate_code: '08', taxable_base: 800, assumed_tax_amount: 104 }] },
      { cabys_code: '2391102010100', quantity: 1, unit: 'Unid', description: 'Producto con otro impuesto', price: 1000,
        tax: [{ type: '99', type_other: 'Impuesto municipal', rate: 2, assumed_tax_amount: 20 }, { type: '01', rate_code: '08' }] },
    ];
  })],
];

describe('voiding by credit note', () => {
  it.each(ORIGINALS)('%s: the credit note is accepted, gives back the same totals and validates', async (_what, make) => {
    const model = make();
    const note = prepareDocument(voidRequest(model, { now: NOW }), ctx());
    const [a, b] = [model.summary, note.model.summary];
    expect([b.sales, b.discounts, b.tax, b.assumedTax, b.exonerated, b.otherCharges, b.total].map(String)).toEqual(
      [a.sales, a.discounts, a.tax, a.assumedTax, a.exonerated, a.otherCharges, a.total].map(String),
    );
    expect(note.model.references[0]).toMatchObject({ number: model.clave, code: '01' });
    expect(note.model.receiver?.identification).toEqual(model.receiver?.identification);
    const [result] = await validateXsd([withPlaceholderSignature(note.xml)], 'v4.4-2026-rev');
    expect(result!.errors).toEqual([]);
  });
});

/** A ticket of ₡50,850: 45,000 + 13 % VAT (the walk-through's invoice). */
const soda = () => original('04-tiquete', (b) => {
  b['items'] = [{ cabys_code: '6331000000000', quantity: 10, unit: 'Os', description: 'Almuerzo ejecutivo', price: 4500, tax: { type: '01', rate_code: '08' } }];
});

describe('voiding what is left after partial notes', () => {
  const remainderNote = (model: DocumentModel, remainder: string) => prepareDocument(voidRequest(model, { now: NOW, remainder: new Dec(remainder) }), ctx());

  it('credits exactly the remainder: ₡50,850 less ₡7,910 is a note of ₡42,940 (₡38,000 + VAT)', async () => {
    const note = remainderNote(soda(), '42940');
    expect(note.model.summary.total.toFixed(5)).toBe('42940.00000');
    expect(note.model.lines.map((l) => [l.quantity.toString(), l.unitPrice.toFixed(2), l.cabysCode, l.description])).toEqual([['1', '38000.00', '6331000000000', 'Almuerzo ejecutivo']]);
    expect(note.model.references[0]).toMatchObject({ code: '01' });
    const [result] = await validateXsd([withPlaceholderSignature(note.xml)], 'v4.4-2026-rev');
    expect(result!.errors).toEqual([]);
  });

  it.each(['68228.2575', '60318.25', '1234.56', '0.07', '33333.33'])('spreads %s over two VAT rates and the service charge, to the last decimal', (remainder) => {
    const model = original('01-factura');
    const note = remainderNote(model, remainder);
    expect(note.model.summary.total.toFixed(5)).toBe(new Dec(remainder).toFixed(5));
    // Each rate and the charge keep their share of the original.
    expect(note.model.lines.map((l) => l.taxes[0]!.rateCode)).toEqual(model.lines.map((l) => l.taxes[0]!.rateCode));
    expect(note.model.otherCharges.map((c) => c.type)).toEqual(['06']);
  });

  it('with two lines or more, always to the last decimal', () => {
    const model = original('01-factura');
    for (let cents = 100; cents < 6_000_000; cents += 9_973) {
      const remainder = new Dec(cents).div(100);
      expect(remainderNote(model, remainder.toString()).model.summary.total.toFixed(5)).toBe(remainder.toFixed(5));
    }
  });

  it('never credits more than the remainder, and at most 0.00001 less where VAT rounding cannot reach it', () => {
    const model = soda();
    for (let cents = 100; cents < 5_000; cents += 7) {
      const remainder = new Dec(cents).div(100);
      const total = remainderNote(model, remainder.toString()).model.summary.total;
      expect(total.lessThanOrEqualTo(remainder) && remainder.minus(total).lessThanOrEqualTo('0.00001'), `${remainder} -> ${total}`).toBe(true);
    }
  });

  it('refuses a remainder of lines with special regimes (the invoice screen issues it)', () => {
    const model = ORIGINALS.find(([what]) => what.startsWith('whisky'))![1]();
    expect(() => voidRequest(model, { now: NOW, remainder: new Dec('1000') })).toThrow(expect.objectContaining({ code: 'not_voidable', status: 422 }));
  });
});
