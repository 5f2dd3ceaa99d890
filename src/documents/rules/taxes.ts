/** Impuesto and DatosImpuestoEspecifico of lines and combo components (annex pages 32–44, Notas 8 and 8.1). */
import { IVA_RATES, TRANSITIONAL_RATE_CODES } from '../../domain/codes.ts';
import { SPECIFIC_TAX_CODES, VAT_TAX_CODES } from '../../domain/tax-amounts.ts';
import type { ComponentRequest, ItemInput } from '../request/parsed-request.ts';
import { ALL_TYPES } from './rule.ts';
import { NOT_ON_TYPE, eachTax, isCombo, otherDescribed, requestRule, totalsRule, type OtherEntry } from './define.ts';

/** Types whose XSD has DatosImpuestoEspecifico (FEE, FEC and REP do not: page 39). */
/** VAT rate codes of 0 % or exempt (Nota 8.1: 01, 05, 10, 11). */
const ZERO_RATE_CODES: ReadonlySet<string> = new Set(['01', '05', '10', '11']);
const SPECIFIC_DATA_TYPES = ['01', '02', '03', '04'] as const;

function isComponent(owner: ItemInput | ComponentRequest): owner is ComponentRequest {
  return !('lineNumber' in owner);
}


export const TAX_RULES = [
  requestRule({
    id: 'vat-rate-code-required', section: 'taxes', element: 'Impuesto/CodigoTarifaIVA', types: ALL_TYPES, page: 38,
    quote: 'Se convierte en obligatorio para los Códigos 01, 07. de la nota 8. (CodigoTarifaIVASurtido, página 32: obligatorio cuando se usa el código 01.)',
    paths: ['items.N.tax.N.rate_code', 'items.N.surtido_items.N.tax.N.rate_code'],
    message: { es: 'El IVA necesita su código de tarifa (rate_code, nota 8.1), o una tarifa que corresponda a uno (13, 4, 2, 1 o 0.5).', en: 'VAT needs its rate code (rate_code, Nota 8.1), or a rate that matches one (13, 4, 2, 1 or 0.5).' },
    check: (f, report) => eachTax(f, (tax) => {
      if ((tax.code === '01' || tax.code === '07') && tax.rateCode === undefined) report(`${tax.path}.rate_code`);
    }),
  }),
  requestRule({
    id: 'vat-rate-matches-code', section: 'taxes', element: 'Impuesto/Tarifa', types: ALL_TYPES, page: 38,
    quote: 'Cuando se utilice el código de impuesto 01 la tarifa del impuesto debe de coincidir con el correspondiente código de impuesto IVA, caso contrario se rechazará.',
    paths: ['items.N.tax.N.rate', 'items.N.surtido_items.N.tax.N.rate'],
    message: { es: 'La tarifa {rate} no corresponde al código de tarifa {code} ({expected} %).', en: 'Rate {rate} does not match rate code {code} ({expected}%).' },
    check: (f, report) => eachTax(f, (tax) => {
      const expected = tax.rateCode === undefined ? undefined : IVA_RATES[tax.rateCode];
      if (VAT_TAX_CODES.has(tax.code) && expected !== undefined && tax.rate !== undefined && !tax.rate.equals(expected)) {
        report(`${tax.path}.rate`, { rate: tax.rate.toString(), code: tax.rateCode!, expected });
      }
    }),
  }),
  requestRule({
    id: 'transitional-rates-on-notes', section: 'taxes', element: 'Impuesto/CodigoTarifaIVA', types: ['01', '04', '08', '09', '10'], page: 71,
    quote: 'El código 05, Transitorio 0% [06 Transitorio 4%, 07 Transitorio 8%] se utilizará únicamente para efectos de las Notas de Crédito y Notas de Débito que lo requieran.',
    paths: ['items.N.tax.N.rate_code'],
    message: { es: 'Las tarifas transitorias 05, 06 y 07 solo se admiten en notas de crédito y débito.', en: 'Transitional rates 05, 06 and 07 are only allowed on credit and debit notes.' },
    check: (f, report) => eachTax(f, (tax) => {
      if (tax.rateCode !== undefined && (TRANSITIONAL_RATE_CODES as readonly string[]).includes(tax.rateCode)) report(`${tax.path}.rate_code`);
    }),
  }),
  requestRule({
    id: 'used-goods-vat-factor', section: 'taxes', element: 'Impuesto/FactorCalculoIVA', types: ALL_TYPES, page: 39,
    quote: 'En caso de utilizar el código 08 de la nota 08, se verificará que este campo se encuentre en el comprobante, caso contario se rechazará',
    paths: ['items.N.tax.N.iva_factor'],
    message: { es: 'El IVA de bienes usados (código 08) se calcula con el factor de Hacienda: indique iva_factor.', en: 'Used-goods VAT (code 08) is computed with the tax authority\'s factor: give iva_factor.' },
    check: (f, report) => eachTax(f, (tax, owner) => {
      if (tax.code === '08' && tax.ivaFactor === undefined && !isComponent(owner)) report(`${tax.path}.iva_factor`);
    }),
  }),
  requestRule({
    id: 'used-goods-vat-rate', section: 'taxes', element: 'Impuesto/FactorCalculoIVA', types: ALL_TYPES, page: 39,
    quote: 'Cuando en el código de impuesto se defina IVA Bienes Usados se deberá utilizar este campo con el factor establecido por el Ministerio de Hacienda. (Tarifa exenta: Monto "0", página 42.)',
    paths: ['items.N.tax.N.rate_code'],
    message: { es: 'El IVA de bienes usados (08) se calcula con su factor: no lleva una tarifa del 0 % ni exenta.', en: 'Used-goods VAT (08) is computed with its factor: it takes no 0% or exempt rate.' },
    check: (f, report) => eachTax(f, (tax) => {
      if (tax.code === '08' && tax.rateCode !== undefined && ZERO_RATE_CODES.has(tax.rateCode)) report(`${tax.path}.rate_code`);
    }),
  }),
  requestRule({
    id: 'tax-data-of-its-code', section: 'taxes', element: 'Impuesto/DatosImpuestoEspecifico|FactorCalculoIVA', types: ALL_TYPES, page: 39,
    quote: 'Este nodo se utilizará exclusivamente para el cálculo de los impuestos específicos siguientes: … (código 03) … (código 04) … (código 05) … (código 06). (FactorCalculoIVA: IVA Bienes Usados, código 08.)',
    paths: ['items.N.tax.N.specific', 'items.N.tax.N.iva_factor'],
    message: { es: 'Este dato no corresponde al impuesto {code}: {what}.', en: 'This datum does not belong to tax {code}: {what}.' },
    check: (f, report) => eachTax(f, (tax) => {
      if (tax.specific !== undefined && !SPECIFIC_TAX_CODES.has(tax.code)) report(`${tax.path}.specific`, { code: tax.code, what: { es: 'los datos de impuesto específico son de los códigos 03 a 06', en: 'specific-tax data belong to codes 03 to 06' } });
      if (tax.ivaFactor !== undefined && tax.code !== '08') report(`${tax.path}.iva_factor`, { code: tax.code, what: { es: 'el factor es del IVA de bienes usados (08)', en: 'the factor belongs to used-goods VAT (08)' } });
    }),
  }),
  requestRule({
    id: 'component-tax-elements', section: 'combos', element: 'LineaDetalleSurtido/ImpuestoSurtido', types: ALL_TYPES, page: 32,
    quote: 'ImpuestoSurtido: CodigoImpuestoSurtido, CodigoImpuestoOTROSurtido, CodigoTarifaIVASurtido, TarifaSurtido, DatosImpuestoEspecificoSurtido, MontoImpuestoSurtido',
    paths: ['items.N.surtido_items.N.tax.N'],
    message: { es: 'El impuesto de un componente de surtido no admite {what}.', en: 'A component\'s tax does not allow {what}.' },
    check: (f, report) => eachTax(f, (tax, owner) => {
      if (!isComponent(owner)) return;
      if (tax.code === '08') report(`${tax.path}.type`, { what: { es: 'el IVA de bienes usados (08, sin factor en el surtido)', en: 'used-goods VAT (08: components have no factor)' } });
      if (tax.assumed !== undefined) report(`${tax.path}.assumed_tax_amount`, { what: { es: 'impuesto asumido', en: 'an assumed tax amount' } });
      if (tax.exportAmount !== undefined) report(`${tax.path}.export_amount`, { what: { es: 'monto de exportación', en: 'an export amount' } });
    }),
  }),
  requestRule({
    id: 'rated-tax-needs-rate', section: 'taxes', element: 'Impuesto/Tarifa', types: ALL_TYPES, page: 38,
    quote: 'Para Cálculo del Impuesto Selectivo de Consumo código 02 de la nota 8, la tarifa será editable … Para Cálculo del Impuesto al Cemento código 12 … la tarifa será del 5%. … "otros impuestos" código 99, la tarifa será editable',
    paths: ['items.N.tax.N.rate'],
    message: { es: 'Este impuesto se calcula como tarifa × subtotal: indique su tarifa (rate){extra}.', en: 'This tax is computed as rate × subtotal: give its rate{extra}.' },
    check: (f, report) => eachTax(f, (tax) => {
      if (tax.code === '02' && tax.rate === undefined) report(`${tax.path}.rate`, { extra: '' });
      if (tax.code === '99' && tax.rate === undefined && tax.amount === undefined) report(`${tax.path}.rate`, { extra: { es: ' o su monto (amount)', en: ' or its amount' } });
    }),
  }),
  requestRule({
    id: 'cement-tax-rate', section: 'taxes', element: 'Impuesto/Tarifa', types: ALL_TYPES, page: 38,
    quote: 'Para Cálculo del Impuesto al Cemento código 12 de la nota 8, la tarifa será del 5%.',
    paths: ['items.N.tax.N.rate'],
    message: { es: 'El impuesto al cemento (12) tiene tarifa del 5 %.', en: 'The cement tax (12) has a 5% rate.' },
    check: (f, report) => eachTax(f, (tax) => {
      if (tax.code === '12' && tax.rate !== undefined && !tax.rate.equals(5)) report(`${tax.path}.rate`);
    }),
  }),
  otherDescribed({
    id: 'tax-other-required', section: 'taxes', element: 'Impuesto/CodigoImpuestoOTRO', types: ALL_TYPES, page: 37,
    quote: 'Será obligatorio en caso de utilizar el código 99 de "Otros" de la nota 8. Se debe describir puntualmente el impuesto utilizado.',
    paths: ['items.N.tax.N.type_other', 'items.N.surtido_items.N.tax.N.type_other'],
    what: { es: 'el impuesto (type_other)', en: 'the tax (type_other)' },
    entries: (f) => {
      const out: OtherEntry[] = [];
      eachTax(f, (tax) => out.push({ path: `${tax.path}.type_other`, code: tax.code, description: tax.codeOther }));
      return out;
    },
  }),
  requestRule({
    id: 'specific-tax-data-required', section: 'taxes', element: 'Impuesto/DatosImpuestoEspecifico', types: SPECIFIC_DATA_TYPES, page: 39,
    quote: 'Este campo es de condición obligatoria, cuando se utilicen los códigos de impuesto 03, 04, 05, 06 de la nota 8 … (DatosImpuestoEspecificoSurtido, página 33: códigos 04, 05, 06)',
    paths: ['items.N.tax.N.specific', 'items.N.surtido_items.N.tax.N.specific'],
    message: { es: 'El impuesto específico {code} se calcula con sus datos: indique specific (unit_quantity, tax_per_unit{more}).', en: 'Specific tax {code} is computed from its data: give specific (unit_quantity, tax_per_unit{more}).' },
    check: (f, report) => eachTax(f, (tax, owner) => {
      if (!SPECIFIC_TAX_CODES.has(tax.code) || tax.specific !== undefined) return;
      if (isComponent(owner) && tax.code === '03' && tax.amount !== undefined) return;
      const more = tax.code === '04' ? ', percentage' : tax.code === '05' ? ', consumption_unit_volume' : '';
      report(`${tax.path}.specific`, { code: tax.code, more });
    }),
  }),
  requestRule({
    id: 'specific-tax-data-complete', section: 'taxes', element: 'DatosImpuestoEspecifico/Porcentaje|VolumenUnidadConsumo', types: SPECIFIC_DATA_TYPES, page: 40,
    quote: 'Porcentaje: obligatorio cuando se utilice el código de impuesto 04 … VolumenUnidadConsumo: obligatorio cuando se utilice el código de impuesto 05',
    paths: ['items.N.tax.N.specific.percentage', 'items.N.tax.N.specific.consumption_unit_volume'],
    message: { es: 'Falta este dato del impuesto específico {code}.', en: 'This datum of specific tax {code} is missing.' },
    check: (f, report) => eachTax(f, (tax) => {
      if (tax.code === '04' && tax.specific && tax.specific.percentage === undefined) report(`${tax.path}.specific.percentage`, { code: '04' });
      if (tax.code === '05' && tax.specific && tax.specific.consumptionUnitVolume === undefined) report(`${tax.path}.specific.consumption_unit_volume`, { code: '05' });
    }),
  }),
  requestRule({
    id: 'specific-tax-amount-without-data', section: 'taxes', element: 'Impuesto/DatosImpuestoEspecifico', types: ['08', '09', '10'], page: 39,
    quote: 'DatosImpuestoEspecifico … FEE 4, FEC 4, REP 4 (inexistente)',
    paths: ['items.N.tax.N.amount', 'items.N.tax.N.specific'],
    message: { es: 'Este tipo de comprobante no lleva los datos del impuesto específico: indique su monto (amount) en lugar de specific.', en: 'This document type has no specific-tax data: give the tax amount instead of specific.' },
    check: (f, report) => eachTax(f, (tax) => {
      if (tax.specific !== undefined) report(`${tax.path}.specific`);
      else if (SPECIFIC_TAX_CODES.has(tax.code) && tax.amount === undefined) report(`${tax.path}.amount`);
    }),
  }),
  requestRule({
    id: 'special-vat-edited-base', section: 'taxes', element: 'LineaDetalle/BaseImponible', types: ALL_TYPES, page: 36,
    quote: 'Al utilizar el código 07 se debe de utilizar para el cálculo del impuesto el campo denominado "base imponible" editado y la tarifa. … En caso de utilizarse el código 01, en el campo de IVA cobrado a nivel de fábrica, se verificará que este campo se encuentre en el comprobante, y deberá incluirse un valor mayor a "cero".',
    paths: ['items.N.tax.N.taxable_base'],
    message: { es: 'Indique la base imponible editada (taxable_base, mayor que cero) sobre la que se calcula este IVA.', en: 'Give the edited taxable base (taxable_base, greater than zero) this VAT is computed on.' },
    check: (f, report) => eachTax(f, (tax, owner) => {
      if (!VAT_TAX_CODES.has(tax.code) || tax.code === '08') return;
      const edited = tax.code === '07' || owner.ivaChargedAtFactory === '01';
      if (edited && (tax.taxableBase === undefined || !tax.taxableBase.greaterThan(0))) report(`${tax.path}.taxable_base`);
    }),
  }),
  requestRule({
    id: 'edited-base-not-on-type', section: 'taxes', element: 'LineaDetalle/BaseImponible', types: ['09', '10'], page: 36,
    quote: 'BaseImponible … FEE 4, REP 4 (inexistente)',
    paths: ['items.N.tax.N.type'],
    message: { es: 'Este tipo de comprobante no lleva base imponible: no admite el IVA de cálculo especial (07).', en: 'This document type has no taxable base: it does not allow special-computation VAT (07).' },
    check: (f, report) => eachTax(f, (tax) => {
      if (tax.code === '07') report(`${tax.path}.type`);
    }),
  }),
  requestRule({
    id: 'factory-exempt-vat', section: 'taxes', element: 'LineaDetalle/IVACobradoFabrica', types: ALL_TYPES, page: 36,
    quote: 'Al hacer uso del presente campo el producto se entenderá exento para el código 02, por lo cual deberá llenar en el subnodo de impuestos para el cálculo del IVA, el código 10 de tarifa exenta.',
    paths: ['items.N.tax.N.rate_code'],
    message: { es: 'Con IVA cobrado a nivel de fábrica 02 el producto es exento: su IVA usa el código de tarifa 10.', en: 'With VAT charged at factory level 02 the product is exempt: its VAT uses rate code 10.' },
    check: (f, report) => eachTax(f, (tax, owner) => {
      if (owner.ivaChargedAtFactory === '02' && VAT_TAX_CODES.has(tax.code) && tax.rateCode !== '10') report(`${tax.path}.rate_code`);
    }),
  }),
  requestRule({
    id: 'assumed-tax-not-on-type', section: 'taxes', element: 'LineaDetalle/ImpuestoAsumidoEmisorFabrica', types: ['08', '09', '10'], page: 46,
    quote: 'ImpuestoAsumidoEmisorFabrica … FEE 4, FEC 4, REP 4',
    paths: ['items.N.tax.N.assumed_tax_amount'],
    message: NOT_ON_TYPE,
    check: (f, report) => eachTax(f, (tax) => {
      if (tax.assumed !== undefined) report(`${tax.path}.assumed_tax_amount`, { what: { es: 'impuesto asumido por el emisor', en: 'a tax assumed by the issuer' } });
    }),
  }),
  totalsRule({
    id: 'assumed-tax-within-tax', section: 'taxes', element: 'LineaDetalle/ImpuestoAsumidoEmisorFabrica', types: ALL_TYPES, page: 46,
    quote: 'en caso de aplicarse una exoneración se calculará como la resta entre el Monto del Impuesto menos el Monto Exonerado.',
    paths: ['items.N.tax.N.assumed_tax_amount'],
    message: { es: 'El impuesto asumido ({assumed}) no puede superar el impuesto no exonerado ({available}).', en: 'The assumed tax ({assumed}) cannot exceed the tax not exonerated ({available}).' },
    check: (f, report) => f.req.items.forEach((item, i) => {
      if (isCombo(item)) return;
      item.taxes.forEach((tax, t) => {
        const computed = f.lines[i]?.taxes[t];
        if (tax.assumed === undefined || !computed) return;
        const available = computed.amount.minus(computed.exoneration?.amount ?? 0);
        if (computed.assumed.greaterThan(available)) report(`${tax.path}.assumed_tax_amount`, { assumed: computed.assumed.toFixed(5), available: available.toFixed(5) });
      });
    }),
  }),
  totalsRule({
    id: 'taxable-base-editable-only', section: 'taxes', element: 'LineaDetalle/BaseImponible', types: ALL_TYPES, page: 36,
    quote: 'Este campo se podrá editar cuando se seleccione en el campo "IVA cobrado a nivel de fábrica" el Código 01 o en el campo de "Código del impuesto" el código 07.',
    paths: ['items.N.tax.N.taxable_base'],
    message: { es: 'La base imponible solo se edita con el IVA 07 o con IVA cobrado a nivel de fábrica 01; la de esta línea es {base}.', en: 'The taxable base may only be edited with VAT 07 or VAT charged at factory level 01; this line\'s is {base}.' },
    check: (f, report) => f.req.items.forEach((item, i) => {
      const editable = item.ivaChargedAtFactory === '01' || item.taxes.some((t) => t.code === '07');
      const base = f.lines[i]?.taxableBase;
      for (const tax of item.taxes) {
        if (!editable && tax.taxableBase !== undefined && base !== undefined && !tax.taxableBase.equals(base)) report(`${tax.path}.taxable_base`, { base: base.toFixed(5) });
      }
    }),
  }),
];

