/**
 * The monthly VAT worksheet on a hand-worked month: every figure below was added up by hand from the
 * documents (in the comments) and is asserted to the céntimo; each line's documents add up to it.
 */
import { describe, expect, it } from 'vitest';
import { Dec } from '../../../src/domain/money.ts';
import type { IssuedVatDocument, ReceivedVatDocument, StoredVatLine } from '../../../src/store/vat-lines.ts';
import { vatWorksheet } from '../../../src/reports/vat-worksheet.ts';
import { labelWorksheet } from '../../../src/reports/labelled-worksheet.ts';
import type { Worksheet } from '../../../src/reports/vat-worksheet-model.ts';

/** A stored VAT group: tax code 01 unless told, amounts in colones with five places. */
function line(rateCode: string | null, service: boolean, base: string, tax: string, exonerated: [string, string] = ['0', '0'], taxCode: string | null = '01'): StoredVatLine {
  const five = (v: string) => new Dec(v).toFixed(5);
  return { taxCode, rateCode, service, base: five(base), tax: five(tax), exoneratedBase: five(exonerated[0]), exoneratedTax: five(exonerated[1]) };
}
const noVat = (base: string) => line(null, false, base, '0', ['0', '0'], null);

let serial = 0;
function issued(documentType: string, lines: StoredVatLine[], extra: Partial<IssuedVatDocument> = {}): IssuedVatDocument {
  const id = ++serial;
  return {
    id, clave: `I${String(id).padStart(49, '0')}`, consecutive: `0010000101${String(id).padStart(10, '0')}`, documentType, status: 'accepted',
    receiverName: `Cliente ${id}`, receiverIdentification: '3101000001', issuedAt: '2026-10-15T10:00:00-06:00', ivaReturned: '0.00000', lines, ...extra,
  };
}
function received(documentType: string, state: string, lines: StoredVatLine[], extra: Partial<ReceivedVatDocument> = {}): ReceivedVatDocument {
  const id = ++serial;
  return {
    id, clave: `R${String(id).padStart(49, '0')}`, consecutive: `0010000101${String(id).padStart(10, '0')}`, documentType, issuerIdentification: '3101999999',
    issuerName: `Proveedor ${id}`, issuedAt: '2026-10-10T09:00:00-06:00', state, findings: [], taxCondition: state === 'accepted' ? '01' : null, creditableTax: null,
    currency: 'CRC', exchangeRate: '1.00000', taxAmount: '0.00000', lines, ...extra,
  };
}

// Sales of October 2026.
const I1 = issued('01', [line('08', false, '100000', '13000'), line('08', true, '50000', '6500'), line('04', false, '20000', '800')]);
const I2 = issued('01', [line('08', false, '33333.33333', '4333.33333'), line('10', false, '15000', '0'), line('01', false, '8000', '0'), line('11', false, '6000', '0')]);
// Half of the VAT of its 13 % line exonerated (₡2,600 of ₡5,200), so half its base (₡20,000); and a non-subject line.
const I3 = issued('01', [line('08', false, '40000', '5200', ['20000', '2600']), noVat('12000')]);
const I4 = issued('09', [line('01', false, '250000', '0'), noVat('10000')]); // export invoice: all ₡260,000 to exports
const I5 = issued('03', [line('08', false, '10000', '1300')]); // credit note on I1
const I6 = issued('04', [line('04', true, '30000', '1200')], { ivaReturned: '1200.00000', receiverName: null, receiverIdentification: null }); // health service paid by card
const I7 = issued('08', [line('08', false, '70000', '9100')]); // FEC: self-assessed
const I8 = issued('01', [line('08', false, '99999', '12999.87')], { status: 'rejected' });
const I9 = issued('01', [line('08', true, '10000', '1300')], { status: 'processing' });
const I10 = issued('10', [noVat('5000')]); // REP: not a sale
const I11 = issued('02', [line('08', false, '5000.5', '650.065')]);
const I12 = issued('01', [line('08', false, '1000', '130')], { status: 'error' });

// Purchases of October 2026.
const R1 = received('01', 'accepted', [line('08', false, '200000', '26000')]);
// Dollars at ₡500: ₡100,000 + ₡13,000 VAT; our answer claimed $13 of it (02) = ₡6,500.
const R2 = received('01', 'partially_accepted', [line('08', false, '100000', '13000')], { taxCondition: '02', creditableTax: '13.00000', currency: 'USD', exchangeRate: '500.00000' });
const R3 = received('01', 'accepted', [line('08', false, '50000', '6500')], { taxCondition: '04' });
const R4 = received('01', 'accepted', [line('08', false, '80000', '10400')], { taxCondition: '05' });
const R5 = received('01', 'tacitly_accepted', [line('04', false, '25000', '1000')]);
const R6 = received('01', 'rejected', [line('08', false, '30000', '3900')]);
const R7 = received('01', 'accepted', [line('08', false, '40000', '5200')], { findings: ['chain_unverified', 'answer_rejected'] });
const R8 = received('03', 'not_required', [line('08', false, '10000', '1300')]); // supplier's credit note
const R9 = received('01', 'pending', [line('10', false, '7000', '0'), noVat('3000')]);
const R10 = received('01', 'accepted', [line('08', false, '500000', '65000')], { taxCondition: '03', creditableTax: '65000.00000' });
const R11 = received('01', 'accepted', [line('08', false, '10000', '1300', ['10000', '1300'])]); // fully exonerated
const R12 = received('01', 'accepted', [line('08', false, '2000', '260')], { findings: ['line_total_mismatch'] }); // not blocking

const ws = vatWorksheet({
  month: '2026-10',
  issued: [I1, I2, I3, I4, I5, I6, I7, I8, I9, I10, I11, I12],
  received: [R1, R2, R3, R4, R5, R6, R7, R8, R9, R10, R11, R12],
  proportionality: new Dec('62.5'),
  manual: { importsTax: new Dec('3000'), withholdings: new Dec('500'), previousBalance: new Dec('1000') },
});

const section = (w: Worksheet, id: string) => w.sections.find((s) => s.id === id)!.lines;
const figures = (w: Worksheet, id: string) => Object.fromEntries(section(w, id).map(({ id: lineId, ...rest }) => [lineId, rest]));

describe('the VAT worksheet of a hand-worked month', () => {
  it('adds the sales by rate, goods and services, credit notes netted, and the untaxed kinds apart', () => {
    expect(figures(ws, 'sales')).toEqual({
      // I1 100,000 + I2 33,333.33333 + I3 (40,000 − 20,000 exonerated) − I5 10,000 + I11 5,000.5 = 148,333.83333
      // VAT: 13,000 + 4,333.33333 + (5,200 − 2,600) − 1,300 + 650.065 = 19,283.39833
      sales_08_goods: { base: '148333.83', tax: '19283.40', documents: 5 },
      // I1 50,000 + I9 10,000 (awaiting the tax authority's answer, counted); the rejected I8 and I12 in error are not
      sales_08_services: { base: '60000.00', tax: '7800.00', documents: 2 },
      sales_04_goods: { base: '20000.00', tax: '800.00', documents: 1 },
      sales_04_services: { base: '30000.00', tax: '1200.00', documents: 1 },
      self_assessed_fec: { base: '70000.00', tax: '9100.00', documents: 1 },
      sales_zero_rate: { base: '8000.00', tax: '0.00', documents: 1 },
      sales_exempt: { base: '15000.00', tax: '0.00', documents: 1 },
      sales_zero_no_credit: { base: '6000.00', tax: '0.00', documents: 1 },
      sales_exonerated: { base: '20000.00', tax: '2600.00', documents: 1 },
      sales_non_subject: { base: '12000.00', tax: '0.00', documents: 1 },
      sales_exports: { base: '260000.00', tax: '0.00', documents: 1 },
    });
  });

  it('adds the purchases by rate, and those without credit apart; rejected and blocked ones not at all', () => {
    expect(figures(ws, 'purchases')).toEqual({
      purchases_04: { base: '25000.00', tax: '1000.00', documents: 1 },
      // R1 200,000 + R2 100,000 + R4 80,000 − R8 10,000 + R10 500,000 + R11 0 (exonerated) + R12 2,000 = 872,000
      // VAT: 26,000 + 13,000 + 10,400 − 1,300 + 65,000 + 0 + 260 = 113,360
      purchases_08: { base: '872000.00', tax: '113360.00', documents: 7 },
      purchases_10: { base: '7000.00', tax: '0.00', documents: 1 },
      purchases_non_subject: { base: '3000.00', tax: '0.00', documents: 1 },
      purchases_exonerated: { base: '10000.00', tax: '1300.00', documents: 1 },
      purchases_no_credit: { base: '50000.00', tax: '6500.00', documents: 1 },
    });
  });

  it('gives each purchase its credit by our answer\'s CondicionImpuesto', () => {
    expect(figures(ws, 'credits')).toEqual({
      // R1 26,000 + R5 1,000 (tacit) − R8 1,300 (credit note) + R9 0 (pending) + R11 0 + R12 260 = 25,960
      credit_general: { amount: '25960.00', documents: 6 },
      credit_partial: { amount: '6500.00', documents: 1 }, // $13 × 500
      credit_capital_goods: { amount: '65000.00', documents: 1 },
      credit_proportional: { amount: '6500.00', documents: 1 }, // 10,400 × 62.5 %
      credit_fec: { amount: '9100.00', documents: 1 },
      credit_imports: { amount: '3000.00', documents: 0 },
    });
  });

  it('determines the balance: debit − credit − VAT refunded − withholdings − earlier balance', () => {
    // Debit: 19,283.39833 + 7,800 + 800 + 1,200 + 9,100 = 38,183.39833
    // Credit: 25,960 + 6,500 + 65,000 + 6,500 + 9,100 + 3,000 = 116,060
    // Balance: 38,183.39833 − 116,060 − 1,200 − 500 − 1,000 = −80,576.60167: in favour
    expect(figures(ws, 'determination')).toEqual({
      debit: { amount: '38183.40', documents: 0 },
      credit: { amount: '116060.00', documents: 0 },
      iva_returned: { amount: '1200.00', documents: 1 },
      withholdings: { amount: '500.00', documents: 0 },
      previous_balance: { amount: '1000.00', documents: 0 },
      balance_in_favour: { amount: '80576.60', documents: 0 },
    });
    expect(ws.totals).toEqual({ debit: '38183.40', credit: '116060.00', ivaReturned: '1200.00', balance: '80576.60', balanceKind: 'in_favour' });
  });

  it('warns of what it counted on trust and what it left out', () => {
    expect(ws.warnings).toEqual([
      { code: 'awaiting_answer', count: 1, claves: [I9.clave] },
      { code: 'unanswered', count: 1, claves: [R9.clave] },
      { code: 'not_claimable', count: 1, claves: [R7.clave] },
    ]);
  });

  it('links every figure to the documents behind it, and they add up to it', () => {
    for (const s of ws.sections) {
      for (const l of s.lines) {
        const shares = ws.contributions.get(l.id) ?? [];
        expect(shares.length, l.id).toBe(l.documents);
        if (l.documents === 0) continue;
        // Added up here with decimal.js, rounded half up once.
        const total = (pick: 'base' | 'tax') => {
          const rounded = shares.reduce((acc, c) => acc.plus(c[pick]), new Dec(0)).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
          return rounded.isZero() ? '0.00' : rounded.toFixed(2);
        };
        if (l.amount !== undefined) expect(total('tax'), l.id).toBe(l.amount);
        else {
          expect(total('base'), l.id).toBe(l.base);
          expect(total('tax'), l.id).toBe(l.tax);
        }
      }
    }
    expect(ws.contributions.get('sales_08_goods')!.map((c) => [c.clave, c.base, c.tax])).toEqual([
      [I1.clave, '100000.00000', '13000.00000'],
      [I2.clave, '33333.33333', '4333.33333'],
      [I3.clave, '20000.00000', '2600.00000'],
      [I5.clave, '-10000.00000', '-1300.00000'],
      [I11.clave, '5000.50000', '650.06500'],
    ]);
    expect(ws.contributions.get('credit_partial')).toEqual([{
      source: 'received', id: R2.id, clave: R2.clave, consecutive: R2.consecutive, documentType: '01', party: R2.issuerName, issuedAt: R2.issuedAt,
      base: '100000.00000', tax: '6500.00000',
    }]);
    expect(ws.contributions.get('sales_04_services')![0]!.party).toBeNull(); // a ticket without a customer
  });

  it('says in both languages that the grouping is an inference from D-104-2, and labels every line', () => {
    expect(ws.notice.es).toContain('D-150');
    expect(ws.notice.es).toContain('D-104-2');
    expect(ws.notice.en).toContain('D-104-2');
    const es = labelWorksheet(ws, 'es');
    const en = labelWorksheet(ws, 'en');
    expect(es.sections[0]!.lines[0]).toMatchObject({ id: 'sales_04_goods', label: 'Ventas gravadas al 4 %, bienes' });
    expect(en.sections[0]!.lines[0]).toMatchObject({ id: 'sales_04_goods', label: 'Taxed sales at 4%, goods' });
    for (const labelled of [es, en]) {
      for (const l of labelled.sections.flatMap((s) => s.lines)) expect(l.label, l.id).not.toBe(l.id);
    }
    expect(es.warnings[0]!.message).toMatch(/^1 comprobante\(s\) emitido\(s\) todavía sin respuesta/);
  });
});

describe('the VAT worksheet\'s edges', () => {
  it('shows an empty month with its 13 % lines at zero and nothing to pay', () => {
    const empty = vatWorksheet({ month: '2026-09', issued: [], received: [] });
    expect(figures(empty, 'sales')).toEqual({
      sales_08_goods: { base: '0.00', tax: '0.00', documents: 0 },
      sales_08_services: { base: '0.00', tax: '0.00', documents: 0 },
    });
    expect(figures(empty, 'purchases')).toEqual({});
    expect(empty.totals).toEqual({ debit: '0.00', credit: '0.00', ivaReturned: '0.00', balance: '0.00', balanceKind: 'payable' });
    expect(empty.warnings).toEqual([]);
  });

  it('rounds each figure once, half up, from the exact sum of the stored figures', () => {
    // 0.00250 + 0.00250 = 0.005 → 0.01 (rounded one by one, each would be 0.00).
    const w = vatWorksheet({ month: '2026-10', issued: [issued('04', [line('08', false, '0.01923', '0.0025')]), issued('04', [line('08', false, '0.01923', '0.0025')])], received: [] });
    expect(figures(w, 'sales')['sales_08_goods']).toEqual({ base: '0.04', tax: '0.01', documents: 2 });
    expect(w.totals).toMatchObject({ debit: '0.01', balance: '0.01', balanceKind: 'payable' });
  });

  it('gives a proportional credit of zero, and says so, when no percentage is given', () => {
    const r = received('01', 'accepted', [line('08', false, '80000', '10400')], { taxCondition: '05' });
    const w = vatWorksheet({ month: '2026-10', issued: [issued('01', [line('08', false, '100000', '13000')])], received: [r] });
    expect(figures(w, 'credits')['credit_proportional']).toEqual({ amount: '0.00', documents: 1 });
    expect(w.warnings).toEqual([{ code: 'proportionality_missing', count: 1, claves: [r.clave] }]);
    expect(w.totals).toEqual({ debit: '13000.00', credit: '0.00', ivaReturned: '0.00', balance: '13000.00', balanceKind: 'payable' });
  });

  it('counts the silence of an unanswered document as full acceptance, whatever condition a stale row carries', () => {
    const r = received('01', 'tacitly_accepted', [line('08', false, '1000', '130')], { taxCondition: '04' });
    const w = vatWorksheet({ month: '2026-10', issued: [], received: [r] });
    expect(figures(w, 'credits')['credit_general']).toEqual({ amount: '130.00', documents: 1 });
    expect(figures(w, 'purchases')['purchases_no_credit']).toBeUndefined();
  });

  it('puts used goods and VAT without a rate code on lines of their own, still in the debit', () => {
    const w = vatWorksheet({
      month: '2026-10',
      issued: [issued('01', [line(null, false, '50000', '1950', ['0', '0'], '08'), line(null, true, '1000', '100', ['0', '0'], '07')])],
      received: [],
    });
    expect(figures(w, 'sales')).toMatchObject({
      sales_used_goods: { base: '50000.00', tax: '1950.00', documents: 1 },
      sales_special_rate: { base: '1000.00', tax: '100.00', documents: 1 },
    });
    expect(w.totals.debit).toBe('2050.00');
  });
});
