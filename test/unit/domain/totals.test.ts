/**
 * Hand-worked totals (amounts worked out on paper from the annex's formulas, not read back from the code).
 */
import { describe, expect, it } from 'vitest';
import { Dec } from '../../../src/domain/money.ts';
import { computeLine, type LineInput, type TaxInput } from '../../../src/domain/line-totals.ts';
import { computeSummary, splitPayments } from '../../../src/domain/summary-totals.ts';
import type { DocumentTypeCode } from '../../../src/domain/document-model.ts';

const d = (v: string | number) => new Dec(v);
const vat = (rateCode: string, extra: Partial<TaxInput> = {}): TaxInput => ({ code: '01', rateCode, ...extra });
const line = (quantity: string, price: string, taxes: TaxInput[], isService = false, discounts: LineInput['discounts'] = []): LineInput => ({
  quantity: d(quantity), unitPrice: d(price), taxes, isService, discounts,
});

function summarize(lines: LineInput[], type: DocumentTypeCode = '01', extra: { otherCharges?: string; ivaReturned?: string; currency?: string; rate?: string; payments?: { method: string; amount?: string }[] } = {}) {
  return computeSummary({
    documentType: type,
    currency: extra.currency ?? 'CRC',
    exchangeRate: d(extra.rate ?? 1),
    lines: lines.map((l) => ({ amounts: computeLine(l), isService: l.isService })),
    otherCharges: d(extra.otherCharges ?? 0),
    ivaReturned: d(extra.ivaReturned ?? 0),
    payments: (extra.payments ?? [{ method: '01' }]).map((p) => ({ method: p.method, amount: p.amount === undefined ? undefined : d(p.amount) })),
  });
}

const str = (v: { toFixed(n: number): string }) => v.toFixed(5);

describe('line amounts', () => {
  it('13 % service with a discount: 2 × 25 000 − 5 000 = 45 000, VAT 5 850', () => {
    const a = computeLine(line('2', '25000', [vat('08')], true, [{ amount: d(5000), code: '07' }]));
    expect([a.amount, a.subtotal, a.taxableBase, a.taxes[0]!.amount, a.netTax, a.total].map(str)).toEqual([
      '50000.00000', '45000.00000', '45000.00000', '5850.00000', '5850.00000', '50850.00000',
    ]);
  });

  it('rounds once, half up, at 5 decimals', () => {
    const a = computeLine(line('0.333', '2.99999', [vat('08')]));
    expect(str(a.amount)).toBe('0.99900'); // 0.99899667 → 0.99900
    expect(str(a.taxes[0]!.amount)).toBe('0.12987'); // 0.129870
    const half = computeLine(line('1', '0.00005', [vat('08')]));
    expect(str(half.taxes[0]!.amount)).toBe('0.00001'); // 0.0000065 → 0.00001
  });

  it('a bare 13 % rate works like rate code 08', () => {
    const a = computeLine(line('3', '19.99', [{ code: '01', rate: d(13) }]));
    expect(str(a.taxes[0]!.amount)).toBe('7.79610');
  });

  it('gift discounts (regalía, code 01): VAT on the Monto Total, assumed by the issuer; BaseImponible stays SubTotal', () => {
    const a = computeLine(line('1', '1000', [vat('08')], false, [{ amount: d(1000), code: '01' }]));
    // SubTotal 0, BaseImponible = SubTotal = 0 (page 35), Monto = 1 000 × 13 % (page 41), all of it assumed.
    expect([a.subtotal, a.taxableBase, a.taxes[0]!.amount, a.assumedTax, a.netTax, a.total].map(str)).toEqual([
      '0.00000', '0.00000', '130.00000', '130.00000', '0.00000', '0.00000',
    ]);
  });

  it('selective consumption tax (02) enters the VAT base', () => {
    const a = computeLine(line('1', '1000', [{ code: '02', rate: d(10) }, vat('08')]));
    expect([a.taxes[0]!.amount, a.taxableBase, a.taxes[1]!.amount, a.netTax].map(str)).toEqual(['100.00000', '1100.00000', '143.00000', '243.00000']);
  });

  it('exoneration by exonerated rate points, capped at the tax', () => {
    const partial = computeLine(line('1', '2000', [vat('08', { exoneration: { documentType: '04', documentNumber: 'AL-001-2026', institution: '01', issuedAt: '2026-01-01T00:00:00-06:00', rate: d('6.5') } })], true));
    expect([partial.taxes[0]!.amount, partial.taxes[0]!.exoneration!.amount, partial.netTax, partial.total].map(str)).toEqual([
      '260.00000', '130.00000', '130.00000', '2130.00000',
    ]);
    const full = computeLine(line('10', '100', [vat('08', { exoneration: { documentType: '04', documentNumber: 'AL-001-2026', institution: '01', issuedAt: '2026-01-01T00:00:00-06:00' } })]));
    expect([full.taxes[0]!.exoneration!.rate.toFixed(2), full.taxes[0]!.exoneration!.amount, full.netTax].map(String)).toEqual(['13.00', '130', '0']);
  });
});

describe('summary (ResumenFactura)', () => {
  it('0.5 %, 1 %, 2 %, 4 % and 13 % lines', () => {
    const s = summarize([
      line('2', '25000', [vat('08')], true, [{ amount: d(5000), code: '07' }]), // 13 %: 5 850
      line('1.5', '8500.50', [vat('02')]), // 1 %: 127.5075
      line('3', '1000', [vat('09')]), // 0.5 %: 15
      line('1', '2500.33', [vat('03')]), // 2 %: 50.0066
      line('1', '10000', [vat('04')], true), // 4 %: 400
    ]);
    expect(str(s.taxedServices)).toBe('60000.00000');
    expect(str(s.taxedGoods)).toBe('18251.08000');
    expect(str(s.taxed)).toBe('78251.08000');
    expect(str(s.sales)).toBe('78251.08000');
    expect(str(s.discounts)).toBe('5000.00000');
    expect(str(s.netSales)).toBe('73251.08000');
    expect(str(s.tax)).toBe('6442.51410');
    expect(str(s.total)).toBe('79693.59410');
    expect(s.taxBreakdown.map((b) => `${b.code}/${b.rateCode}=${str(b.amount)}`)).toEqual([
      '01/08=5850.00000', '01/02=127.50750', '01/09=15.00000', '01/03=50.00660', '01/04=400.00000',
    ]);
    expect(s.payments.map((p) => str(p.amount))).toEqual(['79693.59410']);
  });

  it('exempt (10) and non-subject (01, 11) lines', () => {
    const s = summarize([line('1', '1000', [vat('10')]), line('1', '2000', [vat('01')], true), line('1', '500', [vat('11')], true)]);
    expect([s.exemptGoods, s.nonSubjectServices, s.exempt, s.nonSubject, s.taxed, s.sales, s.tax, s.total].map(str)).toEqual([
      '1000.00000', '2500.00000', '1000.00000', '2500.00000', '0.00000', '3500.00000', '0.00000', '3500.00000',
    ]);
  });

  it('exonerations split MontoTotal by exonerated / tax', () => {
    const exo = { documentType: '04', documentNumber: 'AL-001-2026', institution: '01', issuedAt: '2026-01-01T00:00:00-06:00' };
    const s = summarize([
      line('10', '100', [vat('08', { exoneration: exo })]), // fully exonerated goods
      line('1', '2000', [vat('08', { exoneration: { ...exo, rate: d('6.5') } })], true), // half exonerated service
    ]);
    expect([s.exoneratedGoods, s.taxedGoods, s.exoneratedServices, s.taxedServices, s.exonerated, s.taxed, s.sales, s.tax, s.total].map(str)).toEqual([
      '1000.00000', '0.00000', '1000.00000', '1000.00000', '2000.00000', '1000.00000', '3000.00000', '130.00000', '3130.00000',
    ]);
  });

  it('keeps a foreign currency and its exchange rate; amounts stay in that currency', () => {
    const s = summarize([line('3', '19.99', [vat('08')])], '01', { currency: 'USD', rate: '505.25' });
    expect([s.currency, s.exchangeRate.toFixed(5), str(s.total)]).toEqual(['USD', '505.25000', '67.76610']);
  });

  it('adds other charges and subtracts VAT returned', () => {
    const s = summarize([line('1', '10000', [vat('04')], true)], '01', { otherCharges: '1000', ivaReturned: '400', payments: [{ method: '02' }] });
    expect(str(s.total)).toBe('11000.00000'); // 10 000 + 400 + 1 000 − 400
  });

  it('the payment receipt totals its sales', () => {
    const s = summarize([line('1', '100000', [vat('08')], true)], '10');
    expect([s.sales, s.tax, s.total].map(str)).toEqual(['100000.00000', '13000.00000', '100000.00000']);
  });

  it('the export invoice has no non-subject totals: 0 % lines count as exempt', () => {
    const s = summarize([line('500', '12.75', [vat('01')])], '09');
    expect([s.exemptGoods, s.nonSubjectGoods].map(str)).toEqual(['6375.00000', '0.00000']);
  });
});

describe('payments (MedioPago)', () => {
  it('one payment without amount takes the rest (the rule catalogue checks that they add up)', () => {
    const p = splitPayments([{ method: '01', amount: d('50.5') }, { method: '02' }], d('100'));
    expect(p.map((x) => `${x.method}:${str(x.amount)}`)).toEqual(['01:50.50000', '02:49.50000']);
    const over = splitPayments([{ method: '01', amount: d(120) }, { method: '02' }], d(100));
    expect(over.map((x) => str(x.amount))).toEqual(['120.00000', '0.00000']);
  });
});
