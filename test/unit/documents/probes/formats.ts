/** Probes of the field formats (lengths, ranges) the request readers take from the catalogue. */
import { probe, set, type Edit, type Probe } from './probe.ts';

const line = (values: Record<string, unknown>): Edit => (body) => Object.assign(body['items'][0], values);
const COMPONENT = { cabys_code: '2391102010100', description: 'Café tostado', quantity: 1, unit: 'Kg', price: 1000, tax: [{ type: '01', rate_code: '08' }] };
/** A pack line whose only component gets `values`. */
const component = (values: Record<string, unknown>): Edit => (body) => {
  body['items'] = [{ cabys_code: '2399999002200', quantity: 1, unit: 'Unid', description: 'Paquete', commercial_codes: [{ type: '03', code: 'SKU-1' }], surtido_items: [{ ...COMPONENT, ...values }] }];
  delete body['other_charges'];
};
const x = (n: number) => 'x'.repeat(n);
const EXO = { type: '04', document_number: 'AL-00012345-26', institution: '01', emission_date: '2026-01-10T08:00:00-06:00' };
const exo = (values: Record<string, unknown>) => line({ exoneration: { ...EXO, ...values } });
const SPECIFIC = { unit_quantity: 750, percentage: 40, consumption_unit_volume: 250, tax_per_unit: 0.5 };
const specific = (values: Record<string, unknown>): Edit => set({ 'items.0.tax': [{ type: '04', specific: { ...SPECIFIC, ...values } }, { type: '01', rate_code: '08' }] });

export const FORMAT_PROBES: Probe[] = [
  probe('activity-code-format', 'document.activity_code', '01-factura', set({ 'document.activity_code': '62010' }), set({ 'document.activity_code': '6201.0' })),
  probe('issuer-name-length', 'issuer.name', '01-factura', set({ 'issuer.name': 'Ana' }), set({ 'issuer.name': 'Ana M' })),
  probe('receiver-name-length', 'receiver.name', '01-factura', set({ 'receiver.name': 'Al' }), set({ 'receiver.name': 'Ali' })),
  probe('commercial-name-length', 'issuer.commercial_name', '01-factura', set({ 'issuer.commercial_name': 'TV' }), set({ 'issuer.commercial_name': 'TVX' })),
  probe('neighborhood-length', 'receiver.address.neighborhood', '01-factura', set({ 'receiver.address.neighborhood': 'Amón' }), set({ 'receiver.address.neighborhood': 'Amón 2' })),
  probe('issuer-other-signs-length', 'issuer.address.details', '01-factura', set({ 'issuer.address.details': x(251) }), set({ 'issuer.address.details': x(250) })),
  probe('receiver-other-signs-length', 'receiver.address.details', '01-factura', set({ 'receiver.address.details': x(161) }), set({ 'receiver.address.details': x(160) })),
  probe('foreign-address-length', 'receiver.foreign_address', '09-factura-exportacion', set({ 'receiver.foreign_address': 'USA' }), set({ 'receiver.foreign_address': 'Miami, USA' })),
  probe('fiscal-registry-8707-digits', 'issuer.fiscal_registry_8707', '01-factura', set({ 'issuer.fiscal_registry_8707': 'R-1234' }), set({ 'issuer.fiscal_registry_8707': '123456789012' })),
  probe('sale-condition-other-length', 'commercial_info.sale_condition_other', '01-factura', set({ 'commercial_info.sale_condition': '99', 'commercial_info.sale_condition_other': 'Otro' }),
    set({ 'commercial_info.sale_condition': '99', 'commercial_info.sale_condition_other': 'Canje' })),
  probe('credit-terms-positive', 'commercial_info.credit_terms', '01-factura', set({ 'commercial_info.sale_condition': '02', 'commercial_info.credit_terms': 0 }),
    set({ 'commercial_info.sale_condition': '02', 'commercial_info.credit_terms': 1 })),
  probe('payment-method-other-length', 'commercial_info.payment_method_other', '04-tiquete', set({ 'commercial_info.payment_method': '99', 'commercial_info.payment_method_other': 'Va' }),
    set({ 'commercial_info.payment_method': '99', 'commercial_info.payment_method_other': 'Vale' })),
  probe('payment-amount-positive', 'commercial_info.payment_method.0.amount', '04-tiquete', set({ 'commercial_info.payment_method': [{ method: 'cash', amount: 0 }, { method: 'card' }] }),
    set({ 'commercial_info.payment_method': [{ method: 'cash', amount: 0.01 }, { method: 'card' }] })),
  probe('quantity-positive', 'items.0.quantity', '04-tiquete', line({ quantity: 0 }), line({ quantity: 0.001 })),
  probe('line-detail-length', 'items.0.description', '04-tiquete', line({ description: 'Té' }), line({ description: 'Tés' })),
  probe('commercial-unit-length', 'items.0.commercial_unit', '04-tiquete', line({ commercial_unit: x(21) }), line({ commercial_unit: 'Plato' })),
  probe('serial-number-length', 'items.0.serial_numbers.0', '01-factura', line({ serial_numbers: [x(18)] }), line({ serial_numbers: ['1HGCM82633A004352'] })),
  probe('medication-registry-length', 'items.0.medication_registry', '01-factura', line({ medication_registry: x(101) }), line({ medication_registry: 'MS-REG-2026-1' })),
  probe('commercial-code-length', 'items.0.commercial_codes.0.code', '04-tiquete', line({ commercial_codes: [{ type: '01', code: x(21) }] }), line({ commercial_codes: [{ type: '01', code: 'ALM-01' }] })),
  probe('unit-price-positive', 'items.0.price', '04-tiquete', line({ price: 0 }), line({ price: 0.00001 })),
  probe('discount-amount-range', 'items.0.discount.0.amount', '04-tiquete', line({ discount: [{ amount: -1 }] }), line({ discount: [{ amount: 0 }] })),
  probe('discount-other-length', 'items.0.discount.0.other_code', '04-tiquete', line({ discount: [{ amount: 1, code: '99', other_code: 'Otro', reason: 'Cortesía' }] }),
    line({ discount: [{ amount: 1, code: '99', other_code: 'Otros', reason: 'Cortesía' }] })),
  probe('discount-nature-length', 'items.0.discount.0.reason', '04-tiquete', line({ discount: [{ amount: 1, reason: 'Ok' }] }), line({ discount: [{ amount: 1, reason: 'Oki' }] })),
  probe('tax-other-length', 'items.0.tax.0.type_other', '04-tiquete', set({ 'items.0.tax': [{ type: '99', rate: 1, type_other: 'Otro' }] }),
    set({ 'items.0.tax': [{ type: '99', rate: 1, type_other: 'Otros' }] })),
  probe('tax-rate-format', 'items.0.tax.0.rate', '04-tiquete', set({ 'items.0.tax': [{ type: '02', rate: 100 }, { type: '01', rate_code: '08' }] }),
    set({ 'items.0.tax': [{ type: '02', rate: 99.99 }, { type: '01', rate_code: '08' }] })),
  probe('iva-factor-format', 'items.0.tax.0.iva_factor', '04-tiquete', set({ 'items.0.tax': [{ type: '08', iva_factor: 10 }] }), set({ 'items.0.tax': [{ type: '08', iva_factor: 9.9999 }] })),
  probe('specific-unit-quantity-format', 'items.0.tax.0.specific.unit_quantity', '04-tiquete', specific({ unit_quantity: 100000 }), specific({ unit_quantity: 99999.99 })),
  probe('specific-percentage-format', 'items.0.tax.0.specific.percentage', '04-tiquete', specific({ percentage: 100 }), specific({ percentage: 99.99 })),
  probe('specific-volume-format', 'items.0.tax.0.specific.consumption_unit_volume', '04-tiquete',
    set({ 'items.0.tax': [{ type: '05', specific: { ...SPECIFIC, consumption_unit_volume: 0 } }, { type: '01', rate_code: '08' }] }),
    set({ 'items.0.tax': [{ type: '05', specific: { ...SPECIFIC, consumption_unit_volume: 0.01 } }, { type: '01', rate_code: '08' }] })),
  probe('specific-tax-per-unit-format', 'items.0.tax.0.specific.tax_per_unit', '04-tiquete', specific({ tax_per_unit: 0 }), specific({ tax_per_unit: 0.00001 })),
  probe('exoneration-type-other-length', 'items.0.exoneration.type_other', '04-tiquete', exo({ type: '99', type_other: 'Ley' }), exo({ type: '99', type_other: 'Ley 1' })),
  probe('exoneration-number-length', 'items.0.exoneration.document_number', '04-tiquete', exo({ document_number: 'AB' }), exo({ document_number: 'ABC' })),
  probe('exoneration-article-format', 'items.0.exoneration.article', '04-tiquete', exo({ type: '02', article: 1000000 }), exo({ type: '02', article: 999999 })),
  probe('exoneration-institution-other-length', 'items.0.exoneration.institution_name', '04-tiquete', exo({ institution: '99', institution_name: 'MEP' }),
    exo({ institution: '99', institution_name: 'MEP C' })),
  probe('exonerated-rate-format', 'items.0.exoneration.percentage', '04-tiquete', exo({ percentage: 6.505 }), exo({ percentage: 6.5 })),
  probe('other-charge-type-other-length', 'other_charges.0.type_other', '01-factura', set({ other_charges: [{ document_type: '99', amount: 100, type_other: 'Caja' }] }),
    set({ other_charges: [{ document_type: '99', amount: 100, type_other: 'Cajas' }] })),
  probe('other-charge-third-party-name-length', 'other_charges.0.name', '01-factura', set({ other_charges: [{ document_type: '04', amount: 100, id_number: '114560789', name: 'Ana' }] }),
    set({ other_charges: [{ document_type: '04', amount: 100, id_number: '114560789', name: 'Ana M' }] })),
  probe('other-charge-detail-length', 'other_charges.0.detail', '01-factura', set({ other_charges: [{ document_type: '06', amount: 100, detail: x(161) }] }),
    set({ other_charges: [{ document_type: '06', amount: 100, detail: x(160) }] })),
  probe('other-charge-percentage-format', 'other_charges.0.percentage', '01-factura', set({ other_charges: [{ document_type: '06', amount: 100, percentage: 10000 }] }),
    set({ other_charges: [{ document_type: '06', amount: 100, percentage: '9999.99999' }] })),
  probe('other-charge-amount-positive', 'other_charges.0.amount', '01-factura', set({ other_charges: [{ document_type: '06', amount: 0 }] }), set({ other_charges: [{ document_type: '06', amount: 0.00001 }] })),
  probe('reference-type-other-length', 'reference.type_other', '03-nota-credito', (b) => Object.assign(b['reference'], { document_type: '99', number: 'ACTA-1', type_other: 'Acta' }),
    (b) => Object.assign(b['reference'], { document_type: '99', number: 'ACTA-1', type_other: 'Actas' })),
  probe('reference-number-length', 'reference.number', '03-nota-credito', (b) => Object.assign(b['reference'], { number: `${b['reference'].number}1` })),
  probe('reference-code-other-length', 'reference.code_other_description', '03-nota-credito', (b) => Object.assign(b['reference'], { code: '99', code_other_description: 'Otro' }),
    (b) => Object.assign(b['reference'], { code: '99', code_other_description: 'Otros' })),
  probe('reference-reason-length', 'reference.reason', '03-nota-credito', (b) => Object.assign(b['reference'], { reason: 'No' }), (b) => Object.assign(b['reference'], { reason: 'Nop' })),
  probe('other-text-length', 'others.0.text', '01-factura', set({ others: [{ text: x(501) }] }), set({ others: [{ text: x(500) }, { content: 'Orden de compra 778', code: 'OC' }] })),
  probe('component-detail-length', 'items.0.surtido_items.0.description', '01-factura', component({ description: 'Té' }), component({ description: 'Tés' })),
  probe('component-quantity-positive', 'items.0.surtido_items.0.quantity', '01-factura', component({ quantity: 0 }), component({ quantity: 0.001 })),
  probe('component-unit-price-positive', 'items.0.surtido_items.0.price', '01-factura', component({ price: 0 }), component({ price: 0.01 })),
  probe('component-commercial-unit-length', 'items.0.surtido_items.0.commercial_unit', '01-factura', component({ commercial_unit: x(21) }), component({ commercial_unit: 'Bolsa' })),
  probe('component-discount-other-length', 'items.0.surtido_items.0.discount.0.other_code', '01-factura', component({ discount: [{ amount: 1, code: '99', other_code: 'Ot' }] }),
    component({ discount: [{ amount: 1, code: '99', other_code: 'Otr' }] })),
];

export const HEADER_FORMAT_PROBES: Probe[] = [
  probe('clave-format', 'document.clave', '04-tiquete', set({ 'document.consecutive_number': '00200003040000000777', 'document.clave': '5062511260031011234560020000304000000077710000012' }),
    set({ 'document.consecutive_number': '00200003040000000777', 'document.clave': '50625112600310112345600200003040000000777100000123' })),
  probe('consecutive-number-format', 'document.consecutive_number', '04-tiquete', set({ 'document.consecutive_number': '0020000304000000077' }), set({ 'document.consecutive_number': '00200003040000000077' })),
  probe('issue-date-format', 'document.date', '04-tiquete', set({ 'document.date': '2026-11-25 11:59:00' }), set({ 'document.date': '2026-11-25T17:59:00Z' })),
  probe('email-format', 'issuer.email', '01-factura', set({ 'issuer.email': 'facturas@tecnovalle' }), set({ 'issuer.email': 'facturas@tecnovalle.cr' })),
  probe('phone-country-code-format', 'receiver.phone.country_code', '01-factura', set({ 'receiver.phone': { country_code: '5061', number: '88887777' } }),
    set({ 'receiver.phone': { country_code: '+1', number: '3055550100' } })),
  probe('phone-number-format', 'receiver.phone.number', '01-factura', set({ 'receiver.phone': { country_code: '506', number: '8888777' } }),
    set({ 'receiver.phone': { country_code: '506', number: '8888-7777' } })),
  probe('line-number-range', 'items.0.line_number', '04-tiquete', line({ line_number: 1001 }), line({ line_number: 1000 })),
  probe('cabys-code-exists', 'items.0.cabys_code', '04-tiquete', line({ cabys_code: '6331000000001' }), line({ cabys_code: '6331000000000' })),
  probe('tariff-code-format', 'items.0.tariff_code', '09-factura-exportacion', line({ tariff_code: '0901210000' }), line({ tariff_code: '090121000000' })),
];

/** Codes of the annex's Notas: a code outside the table (or the type's list) is refused. */
export const NOTE_PROBES: Probe[] = [
  probe('note-4-identification-type', 'receiver.type', '01-factura', set({ 'receiver.type': '07' })),
  probe('note-5-sale-condition', 'commercial_info.sale_condition', '01-factura', set({ 'commercial_info.sale_condition': '16' }), set({ 'commercial_info.sale_condition': '14' })),
  probe('note-6-payment-method', 'commercial_info.payment_method', '01-factura', set({ 'commercial_info.payment_method': '08' }), set({ 'commercial_info.payment_method': '06' })),
  probe('note-8-tax-code', 'items.0.tax.0.type', '04-tiquete', set({ 'items.0.tax': [{ type: '09' }] })),
  probe('note-8-1-iva-rate-code', 'items.0.tax.0.rate_code', '04-tiquete', set({ 'items.0.tax': [{ type: '01', rate_code: '12' }] }), set({ 'items.0.tax': [{ type: '01', rate_code: '09' }] })),
  probe('note-9-reference-code', 'reference.code', '03-nota-credito', (b) => Object.assign(b['reference'], { code: '18' }), (b) => Object.assign(b['reference'], { code: '02' })),
  probe('note-10-referenced-document-type', 'reference.document_type', '03-nota-credito', (b) => Object.assign(b['reference'], { document_type: '21' })),
  probe('note-10-1-exoneration-type', 'items.0.exoneration.document_type', '04-tiquete', exo({ type: '12' })),
  probe('note-12-commercial-code-type', 'items.0.commercial_codes.0.type', '04-tiquete', line({ commercial_codes: [{ type: '05', code: 'ALM-01' }] }),
    line({ commercial_codes: [{ type: '04', code: 'ALM-01' }] })),
  probe('note-13-currency', 'commercial_info.currency', '09-factura-exportacion', set({ 'commercial_info.currency': 'XXX' }), set({ 'commercial_info.currency': 'EUR' })),
  probe('note-15-unit', 'items.0.unit', '04-tiquete', line({ unit: 'Hr' }), line({ unit: 'Spe' })),
  probe('note-16-other-charge-type', 'other_charges.0.document_type', '01-factura', set({ other_charges: [{ document_type: '11', amount: 100 }] }),
    set({ other_charges: [{ document_type: '02', amount: 100 }] })),
  probe('note-20-discount-code', 'items.0.discount.0.code', '04-tiquete', line({ discount: [{ amount: 100, code: '10' }] }), line({ discount: [{ amount: 100, code: '09' }] })),
  probe('note-21-factory-vat', 'items.0.iva_charged_at_factory', '04-tiquete', line({ iva_charged_at_factory: '03' })),
  probe('note-22-transaction-type', 'items.0.transaction_type', '01-factura', line({ transaction_type: '14' }), line({ transaction_type: '13' })),
  probe('note-23-institution', 'items.0.exoneration.institution', '04-tiquete', exo({ institution: '13' }), exo({ institution: '12' })),
];
