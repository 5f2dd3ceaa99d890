/** ResumenFactura (annex pages 50–55): VAT returned, payments and the limits of the totals. */
import type { Decimal } from 'decimal.js';
import type { Summary } from '../../domain/document-model.ts';
import type { LineAmounts } from '../../domain/line-totals.ts';
import { MAX_MONEY, ZERO, sum } from '../../domain/money.ts';
import { VAT_TAX_CODES } from '../../domain/tax-amounts.ts';
import { ALL_TYPES } from './rule.ts';
import { requestRule, totalsRule } from './define.ts';
import type { TotalsFacts } from './facts.ts';

/**
 * CABYS codes of health services ("servicios médicos", page 54): human health services, CABYS 931… and
 * 932… (hospital and medical services, nutrition, nursing). Private health services paid by card are the
 * ones whose VAT is returned (TotalIVADevuelto).
 */
const HEALTH_SERVICE_CABYS = /^93[12]/;

/** The net VAT of the lines whose CABYS is a health service. */
function healthServiceVat(f: TotalsFacts) {
  return sum(f.req.items.flatMap((item, i) => {
    if (item.cabysCode === undefined || !HEALTH_SERVICE_CABYS.test(item.cabysCode)) return [];
    return (f.lines[i]?.taxes ?? []).filter((t) => VAT_TAX_CODES.has(t.code)).map((t) => t.amount.minus(t.exoneration?.amount ?? ZERO).minus(t.assumed));
  }));
}

/**
 * Whether an amount is above what DecimalDineroType holds (13 integer digits). Every other amount of a line
 * is bounded by these: discounts by MontoTotal, exonerated and assumed taxes by the tax.
 */
function exceedsMoney(lines: readonly LineAmounts[], s: Summary): boolean {
  const over = (d: Decimal) => d.greaterThan(MAX_MONEY);
  const lineOver = (l: LineAmounts): boolean =>
    over(l.amount) || over(l.taxableBase) || over(l.total) || l.taxes.some((t) => over(t.amount) || over(t.base)) || (l.components ?? []).some(lineOver);
  return lines.some(lineOver) || [s.sales, s.netSales, s.tax, s.assumedTax, s.otherCharges, s.total].some(over);
}

export const SUMMARY_RULES = [
  requestRule({
    id: 'iva-returned-not-on-type', section: 'summary', element: 'ResumenFactura/TotalIVADevuelto', types: ['08', '09', '10'], page: 54,
    quote: 'TotalIVADevuelto … FEE 4, FEC 4, REP 4 (inexistente)',
    paths: ['totals.total_iva_returned'],
    message: { es: 'Este tipo de comprobante no admite IVA devuelto.', en: 'This document type does not allow VAT returned.' },
    check: (f, report) => {
      if (f.req.totals?.ivaReturned?.greaterThan(0)) report('totals.total_iva_returned');
    },
  }),
  requestRule({
    id: 'iva-returned-card', section: 'summary', element: 'ResumenFactura/TotalIVADevuelto', types: ['01', '02', '03', '04'], page: 54,
    quote: 'Este campo será de condición obligatoria cuando se facturen servicios de salud y cuyo método de pago sea "Tarjeta". … Se verificará que … el medio de pago sea tarjeta.',
    paths: ['totals.total_iva_returned'],
    message: { es: 'El IVA devuelto solo aplica a servicios de salud pagados con tarjeta (medio de pago 02).', en: 'VAT returned only applies to health services paid by card (payment method 02).' },
    check: (f, report) => {
      const payments = f.req.commercial?.payments;
      if (f.req.totals?.ivaReturned?.greaterThan(0) && payments && !payments.some((p) => p.method === '02')) report('totals.total_iva_returned');
    },
  }),
  totalsRule({
    id: 'iva-returned-health-services', section: 'summary', element: 'ResumenFactura/TotalIVADevuelto', types: ['01', '02', '03', '04'], page: 54,
    quote: 'Se obtiene de la sumatoria del Monto de los Impuestos pagado por los servicios de salud en tarjetas. … Se verificará que el monto indicado corresponda a líneas de detalle con códigos CABy´S de servicios médicos',
    paths: ['totals.total_iva_returned'],
    message: { es: 'El IVA devuelto no puede superar el IVA de las líneas de servicios de salud (CABYS 931 o 932): {tax}.', en: 'VAT returned cannot exceed the VAT of the health-service lines (CABYS 931 or 932): {tax}.' },
    check: (f, report) => {
      const returned = f.req.totals.ivaReturned;
      if (!returned?.greaterThan(0)) return;
      const tax = healthServiceVat(f);
      if (returned.greaterThan(tax)) report('totals.total_iva_returned', { tax: tax.toFixed(5) });
    },
  }),
  totalsRule({
    id: 'payments-add-up', section: 'summary', element: 'ResumenFactura/MedioPago/TotalMedioPago', types: ALL_TYPES, page: 55,
    quote: 'Se volverá obligatorio cuando se utilice más de un medio de pago. … Se deberá incluir un valor mayor a "cero". … [TotalComprobante] deberá coincidir con la sumatoria de los montos de los totales por "Medio de Pago" cuando se utilicen dos o más.',
    paths: ['commercial_info.payment_method'],
    message: {
      es: 'Los medios de pago deben sumar el total del comprobante ({total}), cada uno mayor que cero; solo uno puede omitir su monto (recibe lo que falta).',
      en: 'The payment methods must add up to the document total ({total}), each above zero; only one may leave its amount out (it takes the rest).',
    },
    check: (f, report) => {
      const payments = f.req.commercial.payments;
      if (payments.every((p) => p.amount === undefined) && payments.length < 2) return;
      const total = f.model.summary.total;
      const given = sum(payments.map((p) => p.amount ?? ZERO));
      const missing = payments.filter((p) => p.amount === undefined).length;
      const ok = missing === 0 ? given.equals(total) : missing === 1 && total.minus(given).greaterThan(0);
      if (!ok) report('commercial_info.payment_method', { total: total.toFixed(5) });
    },
  }),
  totalsRule({
    id: 'totals-within-range', section: 'summary', element: 'ResumenFactura/TotalComprobante', types: ALL_TYPES, page: 55,
    quote: 'Es un número decimal compuesto por 13 enteros y 5 decimales.',
    paths: ['items'],
    message: { es: 'Los montos superan el máximo que admite Hacienda (9999999999999.99999).', en: 'The amounts exceed the maximum the tax authority accepts (9999999999999.99999).' },
    check: (f, report) => {
      if (exceedsMoney(f.lines, f.model.summary)) report('items');
    },
  }),
];
