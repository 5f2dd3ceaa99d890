/** The invoice screen's request bodies: the document and its draft check, for each kind of document. */
import { describe, expect, it } from 'vitest';
import { decimalText, documentRequest, draftRequest, referenceDate } from '../../../renderer/invoice/request.ts';
import type { InvoiceDraft, LineDraft, Organization, PartyDraft } from '../../../renderer/invoice/types.ts';

const ORG: Organization = {
  uuid: 'u', name: 'TecnoValle', legal_name: 'Soluciones Tecnológicas del Valle S.A.', identification_type: '02', identification_number: '3101123456',
  email: 'facturas@tecnovalle.example.cr', phone: null, economic_activities: ['620100'], default_environment: 'staging',
  address: { province: '1', canton: '01', district: '01', neighborhood: null, details: 'Avenida 7, calles 3 y 5' },
};
const PARTY: PartyDraft = { type: '02', id: ' 3102654321 ', name: 'DISTRIBUIDORA EL SOL LIMITADA', email: '', address: null, foreignAddress: '', source: 'taxpayer' };
const LINE: LineDraft = { key: 1, cabysCode: '8313100000200', description: 'Consultoría', quantity: '2', unit: 'Sp', price: '25 000,50', discount: '', rateCode: '08', tariffCode: '' };
const NOW = new Date('2026-11-20T16:30:00Z');

function draft(patch: Partial<InvoiceDraft> = {}): InvoiceDraft {
  return {
    documentType: '01',
    commercial: { currency: 'CRC', exchangeRate: '', saleCondition: '01', creditDays: '', paymentMethod: '01' },
    party: PARTY,
    reference: { documentType: '01', number: '', date: '', code: '04', codeOther: '', reason: '' },
    lines: [LINE],
    ...patch,
  };
}

describe('invoice request', () => {
  it('writes an invoice as the spec asks: issuer with its location, receiver, items as decimal text, no reference', () => {
    expect(documentRequest(draft(), ORG, NOW)).toEqual({
      document: { document_type: '01', date: '2026-11-20T16:30:00.000Z', situation: '1', activity_code: '620100' },
      commercial_info: { currency: 'CRC', sale_condition: '01', payment_method: '01' },
      issuer: { type: '02', id: '3101123456', name: 'Soluciones Tecnológicas del Valle S.A.', email: 'facturas@tecnovalle.example.cr', address: { province: '1', canton: '01', district: '01', details: 'Avenida 7, calles 3 y 5' } },
      receiver: { type: '02', id: '3102654321', name: 'DISTRIBUIDORA EL SOL LIMITADA' },
      items: [{ cabys_code: '8313100000200', quantity: '2', unit: 'Sp', description: 'Consultoría', price: '25000.50', tax: { type: '01', rate_code: '08' } }],
    });
  });

  it('signs with situation 3 while the tax authority is unreachable', () => {
    expect(documentRequest(draft(), ORG, NOW, true).document.situation).toBe('3');
  });

  it('sends a discount only when there is one, and the exchange rate and credit days only when they apply', () => {
    const usd = documentRequest(draft({
      commercial: { currency: 'USD', exchangeRate: '501,58', saleCondition: '02', creditDays: '30', paymentMethod: '04' },
      lines: [{ ...LINE, discount: '1000' }, { ...LINE, key: 2, discount: '0' }],
    }), ORG, NOW);
    expect(usd.commercial_info).toEqual({ currency: 'USD', exchange_rate: '501.58', sale_condition: '02', credit_days: '30', payment_method: '04' });
    expect(usd.items[0]).toMatchObject({ discount: [{ amount: '1000', code: '07' }] });
    expect(usd.items[1]).not.toHaveProperty('discount');
    const cash = documentRequest(draft({ commercial: { currency: 'CRC', exchangeRate: '501', saleCondition: '01', creditDays: '30', paymentMethod: '01' } }), ORG, NOW);
    expect(cash.commercial_info).toEqual({ currency: 'CRC', sale_condition: '01', payment_method: '01' });
  });

  it('puts the organization as the receiver of a purchase invoice, with its activity, and the supplier as issuer', () => {
    const body = documentRequest(draft({ documentType: '08', reference: { documentType: '14', number: '', date: '2026-11-19', code: '04', codeOther: '', reason: 'Compra a proveedor no inscrito' } }), ORG, NOW);
    expect(body.document).toEqual({ document_type: '08', date: '2026-11-20T16:30:00.000Z', situation: '1' });
    expect(body).toMatchObject({
      issuer: { type: '02', id: '3102654321' },
      receiver: { id: '3101123456', activity_code: '620100', address: { province: '1' } },
      reference: { document_type: '14', date: '2026-11-19T00:00:00-06:00', code: '04', reason: 'Compra a proveedor no inscrito' },
    });
    expect(body.reference).not.toHaveProperty('number');
  });

  it('leaves out the receiver of a ticket without one, and the CABYS code of a payment receipt line without one', () => {
    expect(documentRequest(draft({ documentType: '04', party: null }), ORG, NOW)).not.toHaveProperty('receiver');
    const receipt = documentRequest(draft({ documentType: '10', lines: [{ ...LINE, cabysCode: '' }], reference: { documentType: '01', number: '5'.repeat(50), date: '2026-10-01', time: '2026-10-01T09:00:00-06:00', code: '04', codeOther: '', reason: 'Pago' } }), ORG, NOW);
    expect(receipt.items[0]).not.toHaveProperty('cabys_code');
    expect(receipt.reference).toEqual({ document_type: '01', number: '5'.repeat(50), date: '2026-10-01T09:00:00-06:00', code: '04', reason: 'Pago' });
  });

  it('adds the foreign address and tariff headings on an export invoice only', () => {
    const foreign: PartyDraft = { ...PARTY, type: '05', id: 'US123456789', name: 'Coffee Importers LLC', foreignAddress: 'Miami, FL' };
    const line = { ...LINE, tariffCode: '090121000000' };
    const exported = documentRequest(draft({ documentType: '09', party: foreign, lines: [line] }), ORG, NOW);
    expect(exported).toMatchObject({ receiver: { type: '05', foreign_address: 'Miami, FL' }, items: [{ tariff_code: '090121000000' }] });
    expect(documentRequest(draft({ lines: [line] }), ORG, NOW).items[0]).not.toHaveProperty('tariff_code');
  });

  it('checks the same document as a draft, without a date', () => {
    const reference = { documentType: '01', number: '5'.repeat(50), date: '2026-11-18', code: '01', codeOther: '', reason: 'Anula' };
    const body = draftRequest(draft({ documentType: '03', reference }), ORG);
    const issued = documentRequest(draft({ documentType: '03', reference }), ORG, NOW);
    expect(body.document).toEqual({ document_type: '03', situation: '1', activity_code: '620100' });
    expect(body).toMatchObject({ document_type: '03', issuer: issued.issuer, receiver: issued.receiver, items: issued.items, reference: issued.reference, commercial_info: issued.commercial_info });
  });

  it("sends the referenced document's own emission time while its day is the one shown, else the day typed", () => {
    const taken = { documentType: '01', number: '5'.repeat(50), date: '2026-11-18', time: '2026-11-18T23:30:00-06:00', code: '14', codeOther: '', reason: 'Corrige monto' };
    expect(documentRequest(draft({ documentType: '03', reference: taken }), ORG, NOW).reference).toMatchObject({ date: '2026-11-18T23:30:00-06:00' });
    expect(documentRequest(draft({ documentType: '03', reference: { ...taken, date: '2026-11-17' } }), ORG, NOW).reference).toMatchObject({ date: '2026-11-17T00:00:00-06:00' });
  });

  it('describes reason code 99 (Otros), and only that code', () => {
    const other = { documentType: '01', number: '5'.repeat(50), date: '2026-11-18', code: '99', codeOther: 'Descuento por pronto pago', reason: 'Descuento' };
    expect(documentRequest(draft({ documentType: '03', reference: other }), ORG, NOW).reference).toMatchObject({ code: '99', code_other_description: 'Descuento por pronto pago' });
    expect(documentRequest(draft({ documentType: '03', reference: { ...other, code: '14' } }), ORG, NOW).reference).not.toHaveProperty('code_other_description');
  });

  it('reads amounts as typed with a decimal comma, and a calendar day as the start of that day in Costa Rica', () => {
    expect(decimalText(' 1 500,5 ')).toBe('1500.5');
    expect(referenceDate('2026-11-18')).toBe('2026-11-18T00:00:00-06:00');
    expect(referenceDate('2026-11-18T09:00:00-06:00')).toBe('2026-11-18T09:00:00-06:00');
  });
});
