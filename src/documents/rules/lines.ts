/** Detalle de la mercancía o servicio: LineaDetalle and its Descuento (annex pages 26–36). */
import { isServiceCabys } from '../../domain/codes.ts';
import { isPharmaceuticalForm } from '../../domain/pharmaceutical-forms.generated.ts';
import { round5, sum } from '../../domain/money.ts';
import { PROFILES } from '../../xml/profiles.ts';
import type { DiscountRequest } from '../request/parsed-request.ts';
import { ALL_TYPES, allBut, type Report } from './rule.ts';
import { NOT_ON_TYPE, isCombo, items, otherDescribed, requestRule } from './define.ts';
import type { RequestFacts } from './facts.ts';

/**
 * The CABYS codes "habilitados para surtidos" (their description says "según los lineamientos establecidos
 * en anexos y estructuras de comprobantes electrónicos"): food, cleaning and personal-care assortments.
 */
export const ASSORTMENT_CABYS: ReadonlySet<string> = new Set(['2399999002200', '3532901000000', '3532902000000']);

/** Reference codes of financial credit and debit notes (Nota 9: 09, 10), which need no CABYS. */
const FINANCIAL_REFERENCE_CODES: ReadonlySet<string> = new Set(['09', '10']);

/** Whether a note corrects a document issued before CABYS became mandatory (2020-12-01) or is financial. */
function noteNeedsNoCabys(f: RequestFacts): boolean {
  return (f.req.references ?? []).some((r) => (r.code !== undefined && FINANCIAL_REFERENCE_CODES.has(r.code)) || r.issuedAt.slice(0, 10) < '2020-12-01');
}

function checkDiscountSum(report: Report, path: string, discounts: DiscountRequest[], amount: ReturnType<typeof round5>): void {
  if (discounts.length === 0) return;
  const total = sum(discounts.map((d) => d.amount));
  if (total.greaterThan(amount)) report(path, { discounts: total.toFixed(5), amount: amount.toFixed(5) });
}

/** Every discount of the request: the lines' and their combo components'. */
function allDiscounts(f: RequestFacts): DiscountRequest[] {
  return items(f).flatMap((item) => [...item.discounts, ...item.assortment.flatMap((c) => c.discounts)]);
}

export const LINE_RULES = [
  requestRule({
    id: 'unit-price-required', section: 'lines', element: 'LineaDetalle/PrecioUnitario', types: ALL_TYPES, page: 35,
    quote: 'PrecioUnitario … 1 (obligatorio) … Se deberá incluir un valor mayor a "cero".',
    paths: ['items.N.price'],
    message: { es: 'El precio unitario es obligatorio y mayor que cero; un artículo regalado lleva su precio y un descuento de regalía (código 01 o 03).', en: 'The unit price is required and greater than zero; an item given away carries its price and a gift discount (code 01 or 03).' },
    check: (f, report) => {
      for (const item of items(f)) if (item.unitPrice === undefined && !isCombo(item)) report(`${item.path}.price`);
    },
  }),
  requestRule({
    id: 'cabys-required-on-notes', section: 'lines', element: 'LineaDetalle/CodigoCABYS', types: ['02', '03'], page: 26,
    quote: 'Para las Notas de Crédito y Débito será obligatorio el código CAByS … No será obligatorio … cuando … el documento de referencia sea un comprobante emitido antes del 01 de diciembre del 2020 o se identifique como una Nota de Crédito Financiera, o de Débito Financiera',
    paths: ['items.N.cabys_code'],
    message: { es: 'El código CABYS es obligatorio, salvo en notas financieras (referencia 09 o 10) o que corrigen comprobantes anteriores al 1 de diciembre de 2020.', en: 'The CABYS code is required, except on financial notes (reference code 09 or 10) or notes correcting documents issued before 1 December 2020.' },
    check: (f, report) => {
      if (noteNeedsNoCabys(f)) return;
      for (const item of items(f)) if (item.cabysCode === undefined) report(`${item.path}.cabys_code`);
    },
  }),
  requestRule({
    id: 'line-tax-required', section: 'lines', element: 'LineaDetalle/Impuesto', types: ALL_TYPES, page: 37,
    quote: 'Impuesto … Este campo será de condición obligatoria en todos los comprobantes … En el "Recibo Electrónico de Pago" se volverá obligatorio, cuando la condición de la venta sea códigos "08" y "10"',
    paths: ['items.N.tax'],
    message: { es: 'Cada línea necesita al menos un impuesto (use la tarifa exenta 10 o la 01 si no cobra IVA).', en: 'Each line needs at least one tax (use rate code 10 exempt or 01 when no VAT is charged).' },
    check: (f, report) => {
      for (const item of items(f)) if (!isCombo(item) && item.taxes.length === 0) report(`${item.path}.tax`);
    },
  }),
  requestRule({
    id: 'tariff-code-for-exported-goods', section: 'lines', element: 'LineaDetalle/PartidaArancelaria', types: ['09', '02', '03'], page: 26,
    quote: 'Deberá incluir al menos 12 dígitos cuando se trate de una FEE, NC o ND que modifiquen una FEE y que el primer digito del código CABYS sea 0, 1, 2, 3 y 4 (bienes).',
    paths: ['items.N.tariff_code'],
    message: { es: 'Las mercancías de una exportación (o de una nota que la modifica) requieren la partida arancelaria de 12 dígitos.', en: 'Goods on an export invoice (or on a note that modifies one) need the 12-digit tariff code.' },
    check: (f, report) => {
      if (f.type !== '09' && !(f.req.references ?? []).some((r) => r.documentType === '19')) return;
      for (const item of items(f)) {
        if (item.cabysCode !== undefined && !isServiceCabys(item.cabysCode) && item.tariffCode === undefined) report(`${item.path}.tariff_code`);
      }
    },
  }),
  requestRule({
    id: 'assortment-commercial-code', section: 'combos', element: 'LineaDetalle/CodigoComercial', types: allBut('10'), page: 27,
    quote: 'Este será un requisito obligatorio para las líneas de detalle que utilicen uno de los códigos … de "surtidos" … se debe seleccionar el código 03 … e incluir en el campo "código" el respectivo código "SKU", GTIN o equivalentes … al menos 3 caracteres',
    paths: ['items.N.commercial_codes'],
    message: { es: 'Un surtido, combo o paquete necesita su código comercial del fabricante o importador (tipo 03, SKU o GTIN de al menos 3 caracteres).', en: 'An assortment, combo or pack needs the manufacturer\'s or importer\'s commercial code (type 03, SKU or GTIN of at least 3 characters).' },
    check: (f, report) => {
      for (const item of items(f)) {
        const needs = isCombo(item) || (item.cabysCode !== undefined && ASSORTMENT_CABYS.has(item.cabysCode));
        if (needs && !item.commercialCodes.some((c) => c.type === '03' && c.code.length >= 3)) report(`${item.path}.commercial_codes`);
      }
    },
  }),
  requestRule({
    id: 'assortment-not-on-type', section: 'combos', element: 'DetalleSurtido', types: ['08', '10'], page: 29,
    quote: 'DetalleSurtido … FEC 4, REP 4 (inexistente)',
    paths: ['items.N.surtido_items'],
    message: NOT_ON_TYPE,
    check: (f, report) => {
      for (const item of items(f)) if (isCombo(item)) report(`${item.path}.surtido_items`, { what: { es: 'el detalle de un surtido', en: 'assortment components' } });
    },
  }),
  requestRule({
    id: 'assortment-price-is-components', section: 'combos', element: 'LineaDetalle/SubTotal', types: allBut('08', '10'), page: 36,
    quote: 'En el caso de utilizar el nodo "Detalle de productos del surtido …", este campo se calcula con la sumatoria de los montos de subtotal individuales de las líneas de detalle del surtido',
    paths: ['items.N.price'],
    message: { es: 'El precio de un surtido es la suma de sus componentes por unidad ({components}); déjelo en blanco o indique ese monto.', en: 'An assortment\'s price is the sum of its components per unit ({components}); leave it out or give that amount.' },
    check: (f, report) => {
      for (const item of items(f)) {
        if (!isCombo(item) || item.unitPrice === undefined) continue;
        const components = sum(item.assortment.map((c) => round5(c.quantity.mul(c.unitPrice))));
        if (!components.equals(item.unitPrice)) report(`${item.path}.price`, { components: components.toFixed(5) });
      }
    },
  }),
  requestRule({
    id: 'assortment-taxes-from-components', section: 'combos', element: 'LineaDetalle/Impuesto', types: allBut('08', '10'), page: 37,
    quote: 'En el caso que se utilice el nodo "Detalle de productos del surtido, paquetes o combos", no se deberá utilizar este campo, ya que el impuesto se calcula como la suma de los montos de impuestos individuales de las líneas de detalle de los componentes',
    paths: ['items.N.tax', 'items.N.discount'],
    message: { es: 'Los impuestos y descuentos de un surtido se indican en sus componentes (surtido_items), no en la línea.', en: 'An assortment\'s taxes and discounts are given on its components (surtido_items), not on the line.' },
    check: (f, report) => {
      for (const item of items(f)) {
        if (!isCombo(item)) continue;
        if (item.taxes.length > 0) report(`${item.path}.tax`);
        if (item.discounts.length > 0) report(`${item.path}.discount`);
      }
    },
  }),
  requestRule({
    id: 'pharmaceutical-form-code', section: 'lines', element: 'LineaDetalle/FormaFarmaceutica', types: allBut('10'), page: 29,
    quote: 'Este campo se utilizará para incluir el código de la forma farmacéutica. Validación: Se verificará cuando corresponda el cumplimiento de la nota 19.',
    paths: ['items.N.pharmaceutical_form'],
    message: { es: 'El código de forma farmacéutica "{value}" no está en la nota 19 de Hacienda.', en: 'Pharmaceutical form code "{value}" is not in the tax authority\'s Nota 19.' },
    check: (f, report) => {
      for (const item of items(f)) {
        if (item.pharmaceuticalForm !== undefined && !isPharmaceuticalForm(item.pharmaceuticalForm)) report(`${item.path}.pharmaceutical_form`, { value: item.pharmaceuticalForm });
      }
    },
  }),
  requestRule({
    id: 'discounts-within-amount', section: 'lines', element: 'Descuento/MontoDescuento', types: allBut('10'), page: 35,
    quote: 'Se deberá de incluir un valor igual o menor al del Monto total. Caso contrario se rechazará el comprobante. (Componentes: igual o menor al del "Monto total componente surtido", página 30.)',
    paths: ['items.N.discount', 'items.N.surtido_items.N.discount'],
    message: { es: 'Los descuentos ({discounts}) superan el monto total ({amount}).', en: 'The discounts ({discounts}) exceed the total amount ({amount}).' },
    check: (f, report) => {
      for (const item of items(f)) {
        if (item.unitPrice !== undefined && !isCombo(item)) checkDiscountSum(report, `${item.path}.discount`, item.discounts, round5(item.quantity.mul(item.unitPrice)));
        for (const c of item.assortment) checkDiscountSum(report, `${c.path}.discount`, c.discounts, round5(c.quantity.mul(c.unitPrice)));
      }
    },
  }),
  otherDescribed({
    id: 'discount-other-required', section: 'lines', element: 'Descuento/CodigoDescuentoOTRO', types: allBut('10'), page: 35,
    quote: 'Será obligatorio en caso de utilizar el código 99 de "Otros" de la nota 20. (DescuentoSurtidoOtros, página 31: igual.)',
    paths: ['items.N.discount.N.other_code', 'items.N.surtido_items.N.discount.N.other_code'],
    what: { es: 'el tipo de descuento (other_code)', en: 'the kind of discount (other_code)' },
    entries: (f) => allDiscounts(f).map((d) => ({ path: `${d.path}.other_code`, code: d.code, description: d.codeOther })),
  }),
  otherDescribed({
    id: 'discount-nature-required', section: 'lines', element: 'Descuento/NaturalezaDescuento', types: allBut('10'), page: 36,
    quote: 'Este campo será de condición obligatoria, cuando se utilice el código 99 de la Nota 20.',
    paths: ['items.N.discount.N.reason'],
    what: { es: 'la naturaleza del descuento (reason)', en: 'the nature of the discount (reason)' },
    entries: (f) => items(f).flatMap((item) => item.discounts.map((d) => ({ path: `${d.path}.reason`, code: d.code, description: d.nature }))),
  }),
  requestRule({
    id: 'discounts-not-on-payment-receipt', section: 'lines', element: 'Descuento', types: ['10'], page: 35,
    quote: 'Descuento … REP 4 (inexistente)',
    paths: ['items.N.discount'],
    message: NOT_ON_TYPE,
    check: (f, report) => {
      for (const item of items(f)) if (item.discounts.length > 0) report(`${item.path}.discount`, { what: { es: 'descuentos', en: 'discounts' } });
    },
  }),
  requestRule({
    id: 'gift-discount-needs-assumed-tax', section: 'lines', element: 'LineaDetalle/ImpuestoAsumidoEmisorFabrica', types: ['08', '09'], page: 46,
    quote: 'ImpuestoAsumidoEmisorFabrica … obligatoria cuando: Se facturen productos … con los códigos 01 de "Regalías" o código 03 de "Bonificaciones" … FEE 4, FEC 4',
    paths: ['items.N.discount.N.code'],
    message: { es: 'Este tipo de comprobante no puede expresar el impuesto asumido de una regalía o bonificación (códigos 01 y 03).', en: 'This document type cannot express the tax assumed on a gift or bonus (codes 01 and 03).' },
    check: (f, report) => {
      for (const d of allDiscounts(f)) if (d.code === '01' || d.code === '03') report(`${d.path}.code`);
    },
  }),
  requestRule({
    id: 'factory-vat-not-on-type', section: 'lines', element: 'LineaDetalle/IVACobradoFabrica', types: ['08', '09', '10'], page: 36,
    quote: 'IVACobradoFabrica … FEE 4, FEC 4, REP 4',
    paths: ['items.N.iva_charged_at_factory', 'items.N.surtido_items.N.iva_charged_at_factory'],
    message: NOT_ON_TYPE,
    check: (f, report) => {
      const what = { es: 'IVA cobrado a nivel de fábrica', en: 'VAT charged at factory level' };
      for (const item of items(f)) {
        for (const owner of [item, ...item.assortment]) if (owner.ivaChargedAtFactory !== undefined) report(`${owner.path}.iva_charged_at_factory`, { what });
      }
    },
  }),
  requestRule({
    id: 'export-amount-not-on-type', section: 'taxes', element: 'Impuesto/MontoExportacion', types: ALL_TYPES.filter((t) => !PROFILES[t].line.exportAmount), page: 44,
    quote: 'Uso exclusivo para exportación de mercancías que apliquen impuestos especiales. También podrá ser utilizado en las notas de crédito y débito',
    paths: ['items.N.export_amount', 'items.N.tax.N.export_amount'],
    message: NOT_ON_TYPE,
    check: (f, report) => {
      const what = { es: 'monto de exportación', en: 'an export amount' };
      for (const item of items(f)) {
        if (item.exportAmount !== undefined) report(`${item.path}.export_amount`, { what });
        for (const t of item.taxes) if (t.exportAmount !== undefined) report(`${t.path}.export_amount`, { what });
      }
    },
  }),
];
