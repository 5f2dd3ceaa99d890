/**
 * The worksheet use case on a real store: a month of 10,000 sales and 2,000 purchases added to the cent
 * (bench/vat-worksheet.ts times the same month against issue 14's one second), and the request checked field
 * by field — a month written wrong, a month not begun yet, a percentage above 100, a negative amount — with
 * 422 and the field named.
 */
import { describe, expect, it } from 'vitest';
import { clock, fixture } from '../../helpers/use-case-store.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { seedVatMonth } from '../../fixtures/vat-month.ts';
import { vatReport, vatReportParams, type VatReportRequest } from '../../../src/reports/vat-report.ts';
import { readDocumentVat } from '../../../src/reports/read-document-vat.ts';

describe('the month\'s worksheet from the store', () => {
  const f = fixture();
  const scope = { organizationId: f.organization.id, environment: 'staging' };
  const at = clock.now().toISOString();

  seedVatMonth(f.store, f.organization.id, at);

  it('adds 10,000 sales and 2,000 purchases of a month (bench/vat-worksheet.ts times it)', async () => {
    const deps = { store: f.store, clock, readVat: async (bytes: Buffer) => readDocumentVat(bytes) };
    const ws = await vatReport(deps, scope, { month: '2026-03' });
    const sales = Object.fromEntries(ws.sections[0]!.lines.map((l) => [l.id, l]));
    // 10,000 × 1,000.10 = 10,001,000; 10,000 × 130.013 = 1,300,130.
    expect(sales['sales_08_goods']).toEqual({ id: 'sales_08_goods', base: '10001000.00', tax: '1300130.00', documents: 10_000 });
    expect(sales['sales_04_services']).toEqual({ id: 'sales_04_services', base: '5000000.00', tax: '200000.00', documents: 10_000 });
    // Credit 2,000 × 1,300 = 2,600,000; debit 1,500,130; in favour 1,099,870.
    expect(ws.totals).toEqual({ debit: '1500130.00', credit: '2600000.00', ivaReturned: '0.00', balance: '1099870.00', balanceKind: 'in_favour' });
    expect(ws.contributions.get('credit_general')).toHaveLength(2000);
  });
});

describe('what the worksheet is asked for', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const refusal = (request: VatReportRequest) => {
    try {
      vatReportParams(request, now);
    } catch (error) {
      return error as AppError;
    }
    throw new Error('accepted');
  };

  it('takes a month up to the current one, a percentage and amounts in colones', () => {
    expect(vatReportParams({ month: '2026-11', proportionality: '62.5', importsTax: '1500.25', withholdings: '0', previousBalance: '10' }, now)).toEqual({
      month: '2026-11', proportionality: expect.anything(), importsTax: expect.anything(), withholdings: expect.anything(), previousBalance: expect.anything(),
    });
    const p = vatReportParams({ month: '2026-10', proportionality: '100' }, now);
    expect(p.proportionality!.toString()).toBe('100');
  });

  it('refuses a month written wrong, or not begun yet, with 422 and the field named', () => {
    for (const month of ['2026-13', '2026-1', '26-10', 'octubre', '2026-10-01', '']) {
      const e = refusal({ month });
      expect([e.status, e.code, Object.keys(e.options.fieldErrors!)], month).toEqual([422, 'validation_error', ['month']]);
    }
    // Costa Rica is six hours behind: at 02:00 UTC on 1 December it is still November there.
    expect(vatReportParams({ month: '2026-11' }, new Date('2026-12-01T02:00:00Z')).month).toBe('2026-11');
    expect(refusal({ month: '2026-12' }).options.fieldErrors).toEqual({ month: ['Month 2026-12 has not started yet.'] });
  });

  it('refuses a percentage outside 0–100 and amounts that are not colones', () => {
    expect(refusal({ month: '2026-10', proportionality: '100.5' }).options.fieldErrors).toEqual({ proportionality: ['Must be a percentage from 0 to 100.'] });
    expect(refusal({ month: '2026-10', proportionality: '-1', importsTax: '-5', withholdings: '1e3', previousBalance: '1.123456' }).options.fieldErrors).toEqual({
      proportionality: ['Must be a percentage from 0 to 100.'],
      imports_tax: ['Must be an amount in colones, zero or more, with up to 5 decimals.'],
      withholdings: ['Must be an amount in colones, zero or more, with up to 5 decimals.'],
      previous_balance: ['Must be an amount in colones, zero or more, with up to 5 decimals.'],
    });
  });
});
