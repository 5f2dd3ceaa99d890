/** Probes of the header, party and sale-condition rules (annex pages 18–25). */
import { probe, set, type Probe } from './probe.ts';

const FOREIGN = { type: '05', id: 'US987654321', name: 'Cloud Services Inc.', foreign_address: '500 Market St, San Francisco, CA, USA' };
const CONTINGENCY = { document_type: '08', number: 'PROV-000123', date: '2026-11-25T09:00:00-06:00', code: '05', reason: 'Sustituye el comprobante provisional' };
const RESPALDO = { document_type: '05', number: 'DUA-2026-000123', date: '2026-11-24T09:00:00-06:00', code: '04', reason: 'Declaración de mercancías de respaldo' };

export const HEADER_PROBES: Probe[] = [
  probe('issue-date-not-future', 'document.date', '04-tiquete', set({ 'document.date': '2026-11-25T12:10:00-06:00' }), set({ 'document.date': '2026-11-25T12:04:00-06:00' })),
  probe('issue-date-past-only-offline', 'document.date', '04-tiquete', set({ 'document.date': '2026-11-20T10:30:00-06:00' }), set({ 'document.date': '2026-11-20T10:30:00-06:00', 'document.situation': '3' })),
  probe('contingency-references-provisional', 'reference', '04-tiquete', set({ 'document.situation': '2' }), set({ 'document.situation': '2', reference: CONTINGENCY })),
  probe('issuer-activity-required', 'document.activity_code', '01-factura', set({ 'document.activity_code': undefined })),
  probe('receiver-activity-required', 'receiver.activity_code', '08-factura-compra', set({ 'receiver.activity_code': undefined })),
  probe('provider-system-identification', 'document.provider_system_id', '01-factura', set({ 'document.provider_system_id': '012345678' }), set({ 'document.provider_system_id': '3101999999' })),
  probe('consecutive-format', 'document.consecutive_number', '04-tiquete', set({ 'document.consecutive_number': '00200003010000000005' }), set({ 'document.consecutive_number': '00200003040000000005' })),
  probe('clave-matches-document', 'document.clave', '04-tiquete',
    set({ 'document.consecutive_number': '00200003040000000777', 'document.clave': '50620112600310112345600200003040000000777100000123' }),
    set({ 'document.consecutive_number': '00200003040000000777', 'document.clave': '50625112600310112345600200003040000000777100000123' })),
];

export const PARTY_PROBES: Probe[] = [
  probe('identification-format', 'receiver.id', '01-factura', set({ 'receiver.id': '014560789' })),
  probe('receiver-required', 'receiver', '01-factura', set({ receiver: undefined }), set({ receiver: undefined }), '03-nota-credito'),
  probe('issuer-email-required', 'issuer.email', '01-factura', set({ 'issuer.email': undefined })),
  probe('issuer-location-required', 'issuer.address', '08-factura-compra', set({ 'issuer.address': undefined }),
    set({ issuer: FOREIGN, reference: { document_type: '16', number: 'INV-2026-0042', date: '2026-11-24T09:00:00-06:00', code: '11', reason: 'Servicio de proveedor no domiciliado' } })),
  probe('location-code-exists', 'receiver.address.district', '01-factura', set({ 'receiver.address.district': '99' }), set({ 'receiver.address.district': '02' })),
  probe('issuer-type-05-purchase-only', 'issuer.type', '01-factura', set({ 'issuer.type': '05' })),
  probe('issuer-type-05-reference-16', 'reference', '08-factura-compra', set({ issuer: FOREIGN }),
    set({ issuer: FOREIGN, reference: { document_type: '16', number: 'INV-2026-0042', date: '2026-11-24T09:00:00-06:00', code: '11', reason: 'Servicio de proveedor no domiciliado' } })),
  probe('issuer-type-06-used-goods', 'issuer.type', '08-factura-compra', set({ 'issuer.type': '06', 'issuer.id': 'P12345678' }),
    set({ 'issuer.type': '06', 'issuer.id': 'P12345678', 'commercial_info.sale_condition': '13' })),
  probe('issuer-foreign-address', 'issuer.foreign_address', '01-factura', set({ 'issuer.foreign_address': '500 Market St, San Francisco' })),
  probe('receiver-foreign-address', 'receiver.foreign_address', '08-factura-compra', set({ 'receiver.foreign_address': '500 Market St, San Francisco' }),
    set({ 'receiver.foreign_address': '1200 Harbor Blvd, Miami, FL' }), '02-nota-debito'),
  probe('receiver-type-05', 'receiver.type', '10-recibo-pago', set({ receiver: FOREIGN }), set({ receiver: FOREIGN }), '04-tiquete'),
  probe('receiver-type-05-reference', 'reference', '01-factura', set({ receiver: FOREIGN, 'commercial_info.sale_condition': '12' }),
    set({ receiver: FOREIGN, 'commercial_info.sale_condition': '12', reference: RESPALDO })),
  probe('receiver-type-06', 'receiver.type', '04-tiquete', set({ receiver: { type: '06', id: 'P1234', name: 'Ana Mora' } })),
  probe('receiver-05-no-location', 'receiver.address', '04-tiquete', set({ receiver: { ...FOREIGN, address: { province: '1', canton: '01', district: '01', details: 'Hotel en San José' } } })),
];

export const SALE_PROBES: Probe[] = [
  probe('sale-condition-12-invoice-only', 'commercial_info.sale_condition', '03-nota-credito', set({ 'commercial_info.sale_condition': '12' })),
  probe('sale-condition-payment-receipt', 'commercial_info.sale_condition', '02-nota-debito', set({ 'commercial_info.sale_condition': '09' })),
  probe('sale-condition-13-purchase-only', 'commercial_info.sale_condition', '01-factura', set({ 'commercial_info.sale_condition': '13' })),
  probe('sale-condition-other-required', 'commercial_info.sale_condition_other', '01-factura', set({ 'commercial_info.sale_condition': '99' }),
    set({ 'commercial_info.sale_condition': '99', 'commercial_info.sale_condition_other': 'Canje de servicios' })),
  probe('credit-terms-required', 'commercial_info.credit_terms', '01-factura', set({ 'commercial_info.sale_condition': '02' }),
    set({ 'commercial_info.sale_condition': '02', 'commercial_info.credit_terms': 30 })),
  probe('exchange-rate-required', 'commercial_info.exchange_rate', '09-factura-exportacion', set({ 'commercial_info.exchange_rate': undefined })),
  probe('exchange-rate-colones', 'commercial_info.exchange_rate', '04-tiquete', set({ 'commercial_info.exchange_rate': 2 }), set({ 'commercial_info.exchange_rate': 1 })),
  probe('payment-method-other-required', 'commercial_info.payment_method_other', '04-tiquete', set({ 'commercial_info.payment_method': '99' }),
    set({ 'commercial_info.payment_method': '99', 'commercial_info.payment_method_other': 'Vale de empresa' })),
];
