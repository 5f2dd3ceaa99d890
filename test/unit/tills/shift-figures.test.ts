/**
 * The X/Z figures of a hand-worked shift (docs/tills.md, "Shifts"): a ₡50 000 float; a cash ticket, a card
 * ticket, a SINPE Móvil invoice, a ticket in dollars paid half cash, half card; a partial return in cash and a
 * void of the card ticket approved by a supervisor (credit notes); a rejected ticket; cash in and out; and a
 * count by denomination that is ₡32.59253 short. Every figure is checked against the sums worked by hand
 * below, and the totals against the sum of the documents the report lists, to the last decimal.
 */
import { describe, expect, it } from 'vitest';
import { Dec } from '../../../src/domain/money.ts';
import { readCashCount } from '../../../src/tills/cash-count.ts';
import { shiftFigures, type FigureDocument, type FigureInput } from '../../../src/tills/shift-figures.ts';
import { AppError } from '../../../src/domain/errors.ts';

const ANA = 1;
const BETO = 2;
const CARLA = 3; // supervisor

let serial = 0;
function doc(over: Partial<FigureDocument> & Pick<FigureDocument, 'documentType' | 'totalAmount' | 'payments'>): FigureDocument {
  serial += 1;
  return {
    id: serial, clave: `clave-${serial}`, consecutive: `0010000104${String(serial).padStart(10, '0')}`, status: 'accepted', issuedAt: '2026-11-27T10:00:00-06:00',
    currency: 'CRC', exchangeRate: null, cashierId: ANA, approvedBy: null, voidsConsecutive: null, ...over,
  };
}

// 1 cash ticket ₡11 300 (₡10 000 + 13 %), Ana
const cashTicket = doc({ documentType: '04', totalAmount: '11300.00000', payments: [{ method: '01', amount: '11300.00000' }] });
// 2 card ticket ₡5 650, Beto — voided below
const cardTicket = doc({ documentType: '04', totalAmount: '5650.00000', payments: [{ method: '02', amount: '5650.00000' }], cashierId: BETO });
// 3 invoice ₡22 600 by SINPE Móvil, Ana
const sinpeInvoice = doc({ documentType: '01', totalAmount: '22600.00000', payments: [{ method: '06', amount: '22600.00000' }] });
// 4 ticket of US$15.01 at ₡512.34567: ₡7 690.30851 (7 690.3085067 rounded); US$7.50 cash = ₡3 842.59253, the card the rest
const dollarTicket = doc({
  documentType: '04', currency: 'USD', exchangeRate: '512.34567', totalAmount: '15.01000', cashierId: BETO,
  payments: [{ method: '01', amount: '7.50000' }, { method: '02', amount: '7.51000' }],
});
// 5 partial return in cash, ₡2 260, Beto with Carla's approval
const cashReturn = doc({ documentType: '03', totalAmount: '2260.00000', payments: [{ method: '01', amount: '2260.00000' }], cashierId: BETO, approvedBy: CARLA });
// 6 void of the card ticket, ₡5 650 back to the card, Beto with Carla's approval
const cardVoid = doc({ documentType: '03', totalAmount: '5650.00000', payments: [{ method: '02', amount: '5650.00000' }], cashierId: BETO, approvedBy: CARLA, voidsConsecutive: cardTicket.consecutive });
// 7 a rejected cash ticket: left out
const rejected = doc({ documentType: '04', status: 'rejected', totalAmount: '3390.00000', payments: [{ method: '01', amount: '3390.00000' }] });

const vat = (d: FigureDocument, base: string, tax: string) => ({ documentId: d.id, rateCode: '08', base, tax });

const input = (count: FigureInput['count']): FigureInput => ({
  kind: count ? 'Z' : 'X',
  shifts: [{ id: 9, branch: '001', terminal: '00001', environment: 'staging', opened_at: '2026-11-27T14:00:00.000Z', closed_at: null, opened_by: { id: ANA, name: 'Ana' }, closed_by: null }],
  date: null,
  generatedAt: '2026-11-27T23:00:00.000Z',
  openingFloat: '50000.00000',
  documents: [cashTicket, cardTicket, sinpeInvoice, dollarTicket, cashReturn, cardVoid, rejected],
  vatLines: [
    vat(cashTicket, '10000.00000', '1300.00000'), vat(cardTicket, '5000.00000', '650.00000'), vat(sinpeInvoice, '20000.00000', '2600.00000'),
    vat(dollarTicket, '6805.58275', '884.72576'), vat(cashReturn, '2000.00000', '260.00000'), vat(cardVoid, '5000.00000', '650.00000'),
    vat(rejected, '3000.00000', '390.00000'),
  ],
  movements: [
    { id: 1, shiftId: 9, kind: 'in', amount: '10000.00000', reason: 'Sencillo del banco', cashierId: ANA, createdAt: '2026-11-27T15:00:00.000Z' },
    { id: 2, shiftId: 9, kind: 'out', amount: '15000.00000', reason: 'Pago a proveedor', cashierId: ANA, createdAt: '2026-11-27T16:00:00.000Z' },
  ],
  count,
  names: new Map([[ANA, 'Ana'], [BETO, 'Beto'], [CARLA, 'Carla']]),
});

// 2 × 20 000 + 10 000 + 5 000 + 2 000 + 500 + 3 × 100 + 50 = ₡57 850 in the drawer
const count = readCashCount({ cash: { denominations: { '20000': 2, '10000': 1, '5000': 1, '2000': 1, '500': 1, '100': 3, '50': 1 } }, card: '3847.72', sinpe_movil: 22600 });
const z = shiftFigures(input(count));

const total = (values: string[]) => values.reduce((s, v) => s.plus(v), new Dec(0)).toFixed(5);

describe('a shift\'s Z figures, worked by hand', () => {
  it('adds sales and refunds in colones, the dollar ticket at its own rate', () => {
    // sales 11 300 + 5 650 + 22 600 + 7 690.30851; refunds 2 260 + 5 650
    expect(z.totals).toEqual({ documents: 6, sales: '47240.30851', refunds: '7910.00000', net: '39330.30851', tax: '4524.72576' });
    expect(z.by_type).toEqual([
      { document_type: '01', count: 1, total: '22600.00000' },
      { document_type: '03', count: 2, total: '7910.00000' },
      { document_type: '04', count: 3, total: '24640.30851' },
    ]);
  });

  it('splits them by payment method, the converted payments adding up to the document', () => {
    expect(z.by_method).toEqual([
      { method: 'cash', sales: '15142.59253', refunds: '2260.00000', net: '12882.59253' },
      { method: 'card', sales: '9497.71598', refunds: '5650.00000', net: '3847.71598' },
      { method: 'sinpe_movil', sales: '22600.00000', refunds: '0.00000', net: '22600.00000' },
      { method: 'transfer', sales: '0.00000', refunds: '0.00000', net: '0.00000' },
      { method: 'other', sales: '0.00000', refunds: '0.00000', net: '0.00000' },
    ]);
  });

  it('reconciles the cash: float + cash sales − cash refunds + in − out', () => {
    // 50 000 + 15 142.59253 − 2 260 + 10 000 − 15 000
    expect(z.cash).toEqual({ opening_float: '50000.00000', sales: '15142.59253', refunds: '2260.00000', movements_in: '10000.00000', movements_out: '15000.00000', expected: '57882.59253' });
  });

  it('compares the count with what was expected, method by method', () => {
    expect(z.count.methods).toEqual([
      { method: 'cash', expected: '57882.59253', counted: '57850.00000', difference: '-32.59253' },
      { method: 'card', expected: '3847.71598', counted: '3847.72000', difference: '0.00402' },
      { method: 'sinpe_movil', expected: '22600.00000', counted: '22600.00000', difference: '0.00000' },
      { method: 'transfer', expected: '0.00000', counted: '0.00000', difference: '0.00000' },
      { method: 'other', expected: '0.00000', counted: '0.00000', difference: '0.00000' },
    ]);
    expect([z.count.expected, z.count.counted, z.count.difference]).toEqual(['84330.30851', '84297.72000', '-32.58851']);
    expect(z.count.denominations).toEqual([
      { value: '20000', quantity: 2, amount: '40000.00000' }, { value: '10000', quantity: 1, amount: '10000.00000' },
      { value: '5000', quantity: 1, amount: '5000.00000' }, { value: '2000', quantity: 1, amount: '2000.00000' },
      { value: '500', quantity: 1, amount: '500.00000' }, { value: '100', quantity: 3, amount: '300.00000' }, { value: '50', quantity: 1, amount: '50.00000' },
    ]);
  });

  it('nets the tax per rate, credit notes subtracting and the rejected ticket left out', () => {
    expect(z.tax).toEqual([{ rate_code: '08', base: '34805.58275', tax: '4524.72576' }]);
  });

  it('shows each currency on its own', () => {
    expect(z.currencies).toEqual([
      { currency: 'CRC', count: 5, total: '31640.00000', total_crc: '31640.00000', by_method: [{ method: 'cash', net: '9040.00000' }, { method: 'sinpe_movil', net: '22600.00000' }] },
      { currency: 'USD', count: 1, total: '15.01000', total_crc: '7690.30851', by_method: [{ method: 'cash', net: '7.50000' }, { method: 'card', net: '7.51000' }] },
    ]);
  });

  it('subtotals per cashier and lists the void with who approved it', () => {
    expect(z.cashiers).toEqual([
      { cashier: { id: ANA, name: 'Ana' }, documents: 2, sales: '33900.00000', refunds: '0.00000', net: '33900.00000', cash_net: '11300.00000' },
      { cashier: { id: BETO, name: 'Beto' }, documents: 4, sales: '13340.30851', refunds: '7910.00000', net: '5430.30851', cash_net: '1582.59253' },
    ]);
    expect(z.voids).toEqual([{
      clave: cardVoid.clave, consecutive: cardVoid.consecutive, voided_consecutive: cardTicket.consecutive, total_crc: '5650.00000',
      cashier: { id: BETO, name: 'Beto' }, approved_by: { id: CARLA, name: 'Carla' }, issued_at: cardVoid.issuedAt,
    }]);
  });

  it('leaves the rejected ticket out, and says so', () => {
    expect(z.excluded).toEqual([{ clave: rejected.clave, consecutive: rejected.consecutive, document_type: '04', status: 'rejected', currency: 'CRC', total: '3390.00000', reason: 'rejected' }]);
    expect(z.documents.map((d) => d.id)).not.toContain(rejected.id);
  });

  it('reconciles with the listed documents to the last decimal', () => {
    expect(total(z.documents.map((d) => d.total_crc))).toBe(z.totals.net);
    expect(total(z.by_method.map((m) => m.net))).toBe(z.totals.net);
    expect(total(z.cashiers.map((c) => c.net))).toBe(z.totals.net);
    expect(total(z.currencies.map((c) => c.total_crc))).toBe(z.totals.net);
    expect(total(z.documents.filter((d) => !d.total_crc.startsWith('-')).map((d) => d.total_crc))).toBe(z.totals.sales);
    // The cash expected is the float, the cash documents and the movements.
    const cashDocs = total([z.by_method[0]!.net, z.opening_float, '10000', '-15000']);
    expect(cashDocs).toBe(z.cash.expected);
  });

  it('an X report (open shift) expects without a count', () => {
    const x = shiftFigures(input(null));
    expect(x.kind).toBe('X');
    expect(x.count.methods[0]).toEqual({ method: 'cash', expected: '57882.59253', counted: null, difference: null });
    expect([x.count.counted, x.count.difference, x.count.denominations]).toEqual([null, null, null]);
    expect(x.totals).toEqual(z.totals);
  });

  it('takes a document without payments as "other", and an unknown method too', () => {
    const figures = shiftFigures({ ...input(null), documents: [doc({ documentType: '04', totalAmount: '1000.00000', payments: null }), doc({ documentType: '04', totalAmount: '500.00000', payments: [{ method: '03', amount: '500.00000' }] })], vatLines: [], movements: [] });
    expect(figures.by_method.find((m) => m.method === 'other')!.net).toBe('1500.00000');
  });

  it('leaves purchase invoices and documents in error out', () => {
    const figures = shiftFigures({ ...input(null), documents: [doc({ documentType: '08', totalAmount: '100.00000', payments: null }), doc({ documentType: '04', status: 'error', totalAmount: '100.00000', payments: null })], vatLines: [], movements: [] });
    expect(figures.excluded.map((d) => d.reason)).toEqual(['not_a_sale', 'error']);
    expect(figures.totals.net).toBe('0.00000');
  });
});

describe('the count', () => {
  const fieldErrors = (raw: unknown) => {
    try {
      readCashCount(raw);
    } catch (error) {
      return (error as AppError).options.fieldErrors;
    }
    throw new Error('accepted');
  };

  it('adds the denominations, or takes an amount', () => {
    expect(count.amounts).toEqual({ cash: '57850.00000', card: '3847.72000', sinpe_movil: '22600.00000', transfer: '0.00000', other: '0.00000' });
    expect(readCashCount({ cash: { amount: '1250.50' } }).amounts.cash).toBe('1250.50000');
    expect(readCashCount(undefined).amounts.cash).toBe('0.00000');
  });

  it('names every problem with its path', () => {
    expect(Object.keys(fieldErrors({ cash: { denominations: { '3000': 1, '500': -1, '100': 1.5 } }, card: '-1', sinpe: 5, transfer: '1.123456' })!).sort()).toEqual([
      'counts.card', 'counts.cash.denominations.100', 'counts.cash.denominations.3000', 'counts.cash.denominations.500', 'counts.sinpe', 'counts.transfer',
    ]);
    expect(Object.keys(fieldErrors({ cash: { amount: 1, denominations: {} } })!)).toEqual(['counts.cash']);
    expect(Object.keys(fieldErrors({ cash: 'lots' })!)).toEqual(['counts.cash']);
  });
});
