/**
 * The worksheet use case on a real store: a month of 10,000 sales and 2,000 purchases answered well under a
 * second (issue 14's measure), and the request checked field by field — a month written wrong, a month not
 * begun yet, a percentage above 100, a negative amount — with 422 and the field named.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clock, fixture } from '../../helpers/use-case-store.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { documents } from '../../../src/store/schema.ts';
import { insertVat } from '../../../src/store/vat-lines.ts';
import { vatReport, vatReportParams, type VatReportRequest } from '../../../src/reports/vat-report.ts';
import { readDocumentVat } from '../../../src/reports/read-document-vat.ts';

const vatLine = (rateCode: string, service: boolean, base: string, tax: string) => ({ taxCode: '01', rateCode, service, base, tax, exoneratedBase: '0.00000', exoneratedTax: '0.00000' });

describe('the month\'s worksheet from the store', () => {
  const f = fixture();
  const scope = { organizationId: f.organization.id, environment: 'staging' };
  const db = f.store.db;
  const at = clock.now().toISOString();

  f.store.transaction(() => {
    // 10,000 invoices of March 2026, each ₡1,000.10 + ₡130.013 VAT (goods) and ₡500 at 4 % (services).
    for (let chunk = 0; chunk < 20; chunk++) {
      const rows = Array.from({ length: 500 }, (_, i) => {
        const n = String(chunk * 500 + i).padStart(10, '0');
        return {
          organizationId: f.organization.id, environment: 'staging', documentType: '01', clave: `5060103260031011234560010000101${n}`.padEnd(50, '7'),
          consecutive: `0010000101${n}`, situation: '1', status: 'accepted', currency: 'CRC', netAmount: '1500.1', taxAmount: '150.013', totalAmount: '1650.113',
          signedXml: Buffer.from('<x/>'), transactionId: randomUUID(), issuedAt: '2026-03-14T10:00:00-06:00', createdAt: at, updatedAt: at,
        };
      });
      const ids = db.insert(documents).values(rows).returning({ id: documents.id }).all();
      for (const { id } of ids) {
        insertVat(db, { source: 'issued', documentId: id, ...scope, month: '2026-03', documentType: '01' }, {
          lines: [vatLine('08', false, '1000.10000', '130.01300'), vatLine('04', true, '500.00000', '20.00000')], ivaReturned: '0.00000',
        });
      }
    }
    // 2,000 purchases, accepted with the whole credit: ₡10,000 + ₡1,300 each.
    const insert = db.$client.prepare(
      `INSERT INTO received_documents (organization_id, environment, clave, document_type, consecutive, issuer_identification_type, issuer_identification, issuer_name,
         receiver_identification, currency, exchange_rate, total_amount, tax_amount, tax_breakdown, "references", issued_at, transaction_month, signed_xml, chain_verified,
         findings, state, tax_condition, creditable_tax, source, source_name, received_at, created_at, updated_at)
       VALUES (?, 'staging', ?, '01', ?, '02', '3101999999', 'Distribuidora S.A.', '3101123456', 'CRC', '1.00000', '11300.00000', '1300.00000', '[]', '[]',
         '2026-03-10T09:00:00-06:00', '2026-03', ?, 1, '[]', 'accepted', '01', '1300.00000', 'upload', 'x.xml', ?, ?, ?)`,
    );
    for (let i = 0; i < 2000; i++) {
      const n = String(i).padStart(10, '0');
      const { lastInsertRowid } = insert.run(f.organization.id, `5061003260031019999990010000101${n}`.padEnd(50, '8'), `0010000101${n}`, Buffer.from('<x/>'), at, at, at);
      insertVat(db, { source: 'received', documentId: Number(lastInsertRowid), ...scope, month: '2026-03', documentType: '01' }, {
        lines: [vatLine('08', false, '10000.00000', '1300.00000')], ivaReturned: '0.00000',
      });
    }
  });

  it('adds 10,000 sales and 2,000 purchases in well under a second', async () => {
    const deps = { store: f.store, clock, readVat: async (bytes: Buffer) => readDocumentVat(bytes) };
    await vatReport(deps, scope, { month: '2026-03' }); // warm: the statements prepared once
    const started = performance.now();
    const ws = await vatReport(deps, scope, { month: '2026-03' });
    const took = performance.now() - started;
    const sales = Object.fromEntries(ws.sections[0]!.lines.map((l) => [l.id, l]));
    // 10,000 × 1,000.10 = 10,001,000; 10,000 × 130.013 = 1,300,130.
    expect(sales['sales_08_goods']).toEqual({ id: 'sales_08_goods', base: '10001000.00', tax: '1300130.00', documents: 10_000 });
    expect(sales['sales_04_services']).toEqual({ id: 'sales_04_services', base: '5000000.00', tax: '200000.00', documents: 10_000 });
    // Credit 2,000 × 1,300 = 2,600,000; debit 1,500,130; in favour 1,099,870.
    expect(ws.totals).toEqual({ debit: '1500130.00', credit: '2600000.00', ivaReturned: '0.00', balance: '1099870.00', balanceKind: 'in_favour' });
    expect(ws.contributions.get('credit_general')).toHaveLength(2000);
    expect(took).toBeLessThan(1000);
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
