/** Probes of the other-charge, summary and reference rules (annex pages 47–59). */
import { probe, set, type Edit, type Probe } from './probe.ts';

const HEALTH = { cabys_code: '9310100000300', quantity: 1, unit: 'Sp', description: 'Consulta de medicina general', price: 20000, tax: { type: '01', rate_code: '04' } };
const health = (payment: string, returned: number): Edit => set({ items: [HEALTH], 'commercial_info.payment_method': payment, totals: { total_iva_returned: returned } });

export const OTHER_CHARGE_PROBES: Probe[] = [
  probe('other-charges-not-on-payment-receipt', 'other_charges', '10-recibo-pago', set({ other_charges: [{ document_type: '06', amount: 100 }] })),
  probe('other-charge-type-other-required', 'other_charges.0.type_other', '01-factura', set({ other_charges: [{ document_type: '99', amount: 100, detail: 'Cargo' }] }),
    set({ other_charges: [{ document_type: '99', amount: 100, detail: 'Cargo', type_other: 'Cargo por empaque' }] })),
  probe('third-party-charge-identified', 'other_charges.0.id_number', '01-factura', set({ other_charges: [{ document_type: '04', amount: 100, detail: 'Cobro de tercero', name: 'Transportes Mora' }] }),
    set({ other_charges: [{ document_type: '04', amount: 100, detail: 'Cobro de tercero', id_type: '01', id_number: '114560789', name: 'Transportes Mora' }] })),
  probe('other-charges-total', 'totals.total_other_charges', '01-factura', set({ totals: { total_other_charges: 4000 } }), set({ totals: { total_other_charges: 4500 } })),
  probe('others-not-on-payment-receipt', 'others', '10-recibo-pago', set({ others: [{ text: 'Gracias por su pago' }] }), set({ others: [{ text: 'Gracias por su compra', code: 'NOTA' }] }), '01-factura'),
];

export const SUMMARY_PROBES: Probe[] = [
  probe('iva-returned-not-on-type', 'totals.total_iva_returned', '09-factura-exportacion', set({ totals: { total_iva_returned: 1 } })),
  probe('iva-returned-card', 'totals.total_iva_returned', '04-tiquete', health('cash', 800), health('card', 800)),
  probe('iva-returned-health-services', 'totals.total_iva_returned', '04-tiquete', set({ 'commercial_info.payment_method': 'card', totals: { total_iva_returned: 100 } }), health('card', 800)),
  probe('payments-add-up', 'commercial_info.payment_method', '04-tiquete', set({ 'commercial_info.payment_method': [{ method: 'cash', amount: 1000 }, { method: 'card', amount: 1000 }] }),
    set({ 'commercial_info.payment_method': [{ method: 'cash', amount: 1000 }, { method: 'card', amount: 4085 }] })),
  probe('totals-within-range', 'items', '04-tiquete', (b) => Object.assign(b['items'][0], { quantity: '9999999999', price: '9999999999' }),
    (b) => Object.assign(b['items'][0], { quantity: '999', price: '99999999' })),
];

const REFERENCE = 'reference';
const ref = (values: Record<string, unknown>): Edit => (b) => Object.assign(b[REFERENCE], values);

export const REFERENCE_PROBES: Probe[] = [
  probe('reference-required', 'reference', '03-nota-credito', set({ reference: undefined })),
  probe('reference-type-16-purchase-only', 'reference.document_type', '03-nota-credito', ref({ document_type: '16' })),
  probe('reference-types-payment-receipt', 'reference.document_type', '10-recibo-pago', ref({ document_type: '05' })),
  probe('reference-type-09-notes-only', 'reference.document_type', '01-factura', set({ reference: { document_type: '09', number: '50618112600310112345600100001010000000001100000001', date: '2026-11-18T09:00:00-06:00', code: '04', reason: 'Devolución' } }),
    ref({ document_type: '09', code: '06', reason: 'Devolución de mercadería' }), '03-nota-credito'),
  probe('reference-code-12-credit-notes-only', 'reference.code', '02-nota-debito', ref({ code: '12' }), ref({ code: '12' }), '03-nota-credito'),
  probe('reference-number-required', 'reference.number', '03-nota-credito', ref({ number: undefined }),
    ref({ document_type: '13', number: undefined, code: undefined, reason: undefined, date: '2026-10-31T23:00:00-06:00' })),
  probe('reference-number-is-clave', 'reference.number', '03-nota-credito', ref({ number: '00100001010000000001' })),
  probe('reference-date-ten-years', 'reference.date', '03-nota-credito', ref({ date: '2016-11-01T09:00:00-06:00' }), ref({ date: '2017-01-01T09:00:00-06:00' })),
  probe('reference-code-required', 'reference.code', '03-nota-credito', ref({ code: undefined })),
  probe('reference-reason-required', 'reference.reason', '03-nota-credito', ref({ reason: undefined })),
  probe('reference-others-described', 'reference.type_other', '03-nota-credito', ref({ document_type: '99', number: 'CONTRATO-77' }),
    ref({ document_type: '99', number: 'CONTRATO-77', type_other: 'Acta de entrega' })),
];
