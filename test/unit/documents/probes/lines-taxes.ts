/** Probes of the line, combo, tax and exoneration rules (annex pages 26–46). */
import { probe, set, type Edit, type Probe } from './probe.ts';

const EXO = { type: '04', document_number: 'AL-00012345-26', institution: '01', emission_date: '2026-01-10T08:00:00-06:00' };
const VAT13: Record<string, unknown> = { type: '01', rate_code: '08' };

/** The ticket's only line with these taxes (a list, so paths read items.0.tax.N). */
const taxes = (...list: object[]): Edit => set({ 'items.0.tax': list });
const line = (values: Record<string, unknown>): Edit => (body) => Object.assign(body['items'][0], values);

/** A pack of two components at 13 % and 1 % (CABYS of a food assortment, SKU given). */
const COMBO = {
  cabys_code: '2399999002200', quantity: 2, unit: 'Unid', description: 'Canasta navideña', commercial_codes: [{ type: '03', code: 'SKU-CANASTA-01' }],
  surtido_items: [
    { cabys_code: '2391102010100', description: 'Café tostado', quantity: 1, unit: 'Kg', price: 1000, tax: [VAT13] },
    { cabys_code: '0111100000100', description: 'Trigo', quantity: 2, unit: 'Kg', price: 250, tax: [{ type: '01', rate_code: '02' }] },
  ],
};
const combo = (edit: (c: typeof COMBO & Record<string, unknown>) => void = () => {}): Edit => (body) => {
  const c = structuredClone(COMBO) as typeof COMBO & Record<string, unknown>;
  edit(c);
  body['items'] = [c];
  delete body['other_charges'];
};

export const LINE_PROBES: Probe[] = [
  probe('unit-price-required', 'items.0.price', '04-tiquete', line({ price: undefined })),
  probe('cabys-required-on-notes', 'items.0.cabys_code', '03-nota-credito', line({ cabys_code: undefined }),
    (b) => { line({ cabys_code: undefined })(b); b['reference'].code = '09'; }),
  probe('line-tax-required', 'items.0.tax', '04-tiquete', line({ tax: [] })),
  probe('tariff-code-for-exported-goods', 'items.0.tariff_code', '09-factura-exportacion', line({ tariff_code: undefined })),
  probe('assortment-commercial-code', 'items.0.commercial_codes', '01-factura', combo((c) => { c.commercial_codes = [{ type: '01', code: 'CAN-1' }]; }), combo()),
  probe('assortment-not-on-type', 'items.0.surtido_items', '08-factura-compra', combo()),
  probe('assortment-price-is-components', 'items.0.price', '01-factura', combo((c) => { c['price'] = 999; }), combo((c) => { c['price'] = 1500; })),
  probe('assortment-taxes-from-components', 'items.0.tax', '01-factura', combo((c) => { c['tax'] = [VAT13]; })),
  probe('pharmaceutical-form-code', 'items.0.pharmaceutical_form', '01-factura', line({ pharmaceutical_form: '999' }), line({ pharmaceutical_form: '04' })),
  probe('discounts-within-amount', 'items.0.discount', '04-tiquete', line({ discount: [{ amount: 4500.01 }] }), line({ discount: [{ amount: 4500 }] })),
  probe('discount-other-required', 'items.0.discount.0.other_code', '04-tiquete', line({ discount: [{ amount: 100, code: '99', reason: 'Cortesía' }] }),
    line({ discount: [{ amount: 100, code: '99', other_code: 'Descuento de cortesía', reason: 'Cortesía' }] })),
  probe('discount-nature-required', 'items.0.discount.0.reason', '04-tiquete', line({ discount: [{ amount: 100, code: '99', other_code: 'Descuento de cortesía' }] }),
    line({ discount: [{ amount: 100, code: '99', other_code: 'Descuento de cortesía', reason: 'Cortesía' }] })),
  probe('discounts-not-on-payment-receipt', 'items.0.discount', '10-recibo-pago', line({ discount: [{ amount: 100 }] })),
  probe('gift-discount-needs-assumed-tax', 'items.0.discount.0.code', '08-factura-compra', line({ discount: [{ amount: 100, code: '01' }] }), line({ discount: [{ amount: 100, code: '04' }] })),
  probe('factory-vat-not-on-type', 'items.0.iva_charged_at_factory', '09-factura-exportacion', line({ iva_charged_at_factory: '01' })),
  probe('export-amount-not-on-type', 'items.0.export_amount', '01-factura', line({ export_amount: 100 }), line({ export_amount: 100 }), '09-factura-exportacion'),
];

export const TAX_PROBES: Probe[] = [
  probe('vat-rate-code-required', 'items.0.tax.0.rate_code', '04-tiquete', taxes({ type: '01', rate: 7 }), taxes({ type: '01', rate: 13 })),
  probe('vat-rate-matches-code', 'items.0.tax.0.rate', '04-tiquete', taxes({ type: '01', rate_code: '08', rate: 4 }), taxes({ type: '01', rate_code: '08', rate: 13 })),
  probe('transitional-rates-on-notes', 'items.0.tax.0.rate_code', '04-tiquete', taxes({ type: '01', rate_code: '06' }), taxes({ type: '01', rate_code: '06' }), '03-nota-credito'),
  probe('used-goods-vat-factor', 'items.0.tax.0.iva_factor', '04-tiquete', taxes({ type: '08' }), taxes({ type: '08', iva_factor: '0.0354' })),
  probe('used-goods-vat-rate', 'items.0.tax.0.rate_code', '04-tiquete', taxes({ type: '08', iva_factor: '0.0354', rate_code: '10' }),
    taxes({ type: '08', iva_factor: '0.0354', rate_code: '08' })),
  probe('tax-data-of-its-code', 'items.0.tax.0.specific', '04-tiquete', taxes({ ...VAT13, specific: { unit_quantity: 1, tax_per_unit: 1 } }), taxes(VAT13)),
  probe('component-tax-elements', 'items.0.surtido_items.0.tax.0.assumed_tax_amount', '01-factura', combo((c) => { c.surtido_items[0]!.tax = [{ ...VAT13, assumed_tax_amount: 1 }]; }), combo()),
  probe('rated-tax-needs-rate', 'items.0.tax.0.rate', '04-tiquete', taxes({ type: '02' }, VAT13), taxes({ type: '02', rate: 10 }, VAT13)),
  probe('cement-tax-rate', 'items.0.tax.0.rate', '04-tiquete', taxes({ type: '12', rate: 4 }, VAT13), taxes({ type: '12' }, VAT13)),
  probe('tax-other-required', 'items.0.tax.1.type_other', '04-tiquete', taxes(VAT13, { type: '99', rate: 1 }), taxes(VAT13, { type: '99', rate: 1, type_other: 'Impuesto municipal' })),
  probe('specific-tax-data-required', 'items.0.tax.0.specific', '04-tiquete', taxes({ type: '06' }, VAT13), taxes({ type: '06', specific: { unit_quantity: 20, tax_per_unit: 2.5 } }, VAT13)),
  probe('specific-tax-data-complete', 'items.0.tax.0.specific.percentage', '04-tiquete', taxes({ type: '04', specific: { unit_quantity: 750, tax_per_unit: 0.5 } }, VAT13),
    taxes({ type: '04', specific: { unit_quantity: 750, percentage: 40, tax_per_unit: 0.5 } }, VAT13)),
  probe('specific-tax-amount-without-data', 'items.0.tax.0.specific', '08-factura-compra', taxes({ type: '04', specific: { unit_quantity: 750, percentage: 40, tax_per_unit: 0.5 } }, VAT13),
    taxes({ type: '04', amount: 900 }, VAT13)),
  probe('special-vat-edited-base', 'items.0.tax.0.taxable_base', '04-tiquete', taxes({ type: '07', rate_code: '08' }), taxes({ type: '07', rate_code: '08', taxable_base: 3000 })),
  probe('edited-base-not-on-type', 'items.0.tax.0.type', '09-factura-exportacion', taxes({ type: '07', rate_code: '01', taxable_base: 100 })),
  probe('factory-exempt-vat', 'items.1.tax.0.rate_code', '01-factura', (b) => { b['items'][1].iva_charged_at_factory = '02'; b['items'][1].tax = [{ type: '01', rate_code: '08' }]; },
    (b) => { b['items'][1].iva_charged_at_factory = '02'; b['items'][1].tax = [{ type: '01', rate_code: '10' }]; }),
  probe('assumed-tax-not-on-type', 'items.0.tax.0.assumed_tax_amount', '08-factura-compra', taxes({ type: '01', rate_code: '02', assumed_tax_amount: 10 })),
  probe('assumed-tax-within-tax', 'items.0.tax.0.assumed_tax_amount', '04-tiquete', taxes({ ...VAT13, assumed_tax_amount: 585.01 }), taxes({ ...VAT13, assumed_tax_amount: 585 })),
  probe('taxable-base-editable-only', 'items.0.tax.0.taxable_base', '04-tiquete', taxes({ ...VAT13, taxable_base: 4000 }), taxes({ ...VAT13, taxable_base: 4500 })),
];

export const EXONERATION_PROBES: Probe[] = [
  probe('exoneration-not-on-type', 'items.0.exoneration', '09-factura-exportacion', line({ exoneration: EXO })),
  probe('exoneration-needs-vat', 'items.0.exoneration', '04-tiquete', line({ tax: { type: '01', rate_code: '10' }, exoneration: EXO }), line({ exoneration: EXO })),
  probe('exoneration-type-notes-only', 'items.0.exoneration.document_type', '04-tiquete', line({ exoneration: { ...EXO, type: '05' } }),
    line({ exoneration: { ...EXO, type: '05' } }), '03-nota-credito'),
  probe('exoneration-type-other-required', 'items.0.exoneration.type_other', '04-tiquete', line({ exoneration: { ...EXO, type: '99' } }),
    line({ exoneration: { ...EXO, type: '99', type_other: 'Resolución especial' } })),
  probe('exoneration-article-required', 'items.0.exoneration.article', '04-tiquete', line({ exoneration: { ...EXO, type: '02' } }), line({ exoneration: { ...EXO, type: '02', article: 4 } })),
  probe('exoneration-institution-other-required', 'items.0.exoneration.institution_name', '04-tiquete', line({ exoneration: { ...EXO, institution: '99' } }),
    line({ exoneration: { ...EXO, institution: '99', institution_name: 'Municipalidad de Escazú' } })),
  probe('exoneration-11-reference', 'reference', '01-factura', line({ exoneration: { ...EXO, type: '11' } }),
    (b) => { line({ exoneration: { ...EXO, type: '11' } })(b); b['reference'] = { document_type: '07', number: 'AUT-LOCAL-2026-15', date: '2026-11-01T09:00:00-06:00', code: '04', reason: 'Autorización de impuesto local concreta' }; }),
  probe('exoneration-mixed-assortment', 'items.0.exoneration.amount', '01-factura', combo((c) => { c['exoneration'] = { ...EXO, percentage: 1 }; }),
    combo((c) => { c['exoneration'] = { ...EXO, amount: 100 }; })),
  probe('exonerated-rate-within-tax', 'items.0.exoneration.percentage', '04-tiquete', line({ exoneration: { ...EXO, percentage: 14 } }), line({ exoneration: { ...EXO, percentage: 13 } })),
  probe('exonerated-amount-within-rate', 'items.0.exoneration.amount', '04-tiquete', line({ exoneration: { ...EXO, amount: 590 } }), line({ exoneration: { ...EXO, amount: 585 } })),
  probe('exonerated-amount-within-tax', 'items.0.exoneration.amount', '01-factura', combo((c) => { c['exoneration'] = { ...EXO, amount: 270.01 }; }),
    combo((c) => { c['exoneration'] = { ...EXO, amount: 270 }; })),
];
