/**
 * The worksheet's words, Spanish first, English: each line id's label, the sections', the warnings' and the
 * notice that the grouping is ours (docs/vat-worksheet.md). One table for the API's view, the CSV and the PDF.
 */
import { IVA_RATES } from '../domain/codes.ts';
import type { Bilingual } from '../i18n/fill.ts';
import type { SectionId, WarningCode } from './vat-worksheet-model.ts';

export const VAT_NOTICE: Bilingual = [
  'La Dirección General de Tributación no ha publicado el formato oficial de líneas del D-150 donde pudimos consultarlo; esta hoja agrupa las cifras como el formulario anterior (D-104-2). Revise antes de declarar.',
  'The tax authority (Dirección General de Tributación) has not published the official line layout of the D-150 where we could read it; this worksheet groups the figures as the previous form (D-104-2) did. Check it before you file.',
];

export const SECTION_LABELS: Readonly<Record<SectionId, Bilingual>> = {
  sales: ['Ventas e impuesto generado', 'Sales and tax charged'],
  purchases: ['Compras', 'Purchases'],
  credits: ['Créditos fiscales', 'Tax credits'],
  determination: ['Liquidación', 'Determination'],
};

export const WARNING_TEXTS: Readonly<Record<WarningCode, Bilingual>> = {
  awaiting_answer: [
    '{count} comprobante(s) emitido(s) todavía sin respuesta de Hacienda: se cuentan, pero revíselos antes de declarar.',
    '{count} issued document(s) still without the tax authority\'s answer: they are counted, but check them before filing.',
  ],
  not_claimable: [
    '{count} comprobante(s) recibido(s) no dan crédito (Hacienda los rechazó o su respuesta no es válida): no se cuentan.',
    '{count} received document(s) give no credit (the tax authority rejected them or their answer is not valid): not counted.',
  ],
  unanswered: [
    '{count} comprobante(s) recibido(s) sin responder: se cuentan como aceptados, como presume la ley si no se responden a tiempo.',
    '{count} received document(s) not answered yet: counted as accepted, as the law presumes when no answer comes in time.',
  ],
  proportionality_missing: [
    '{count} compra(s) con crédito proporcional: indique el porcentaje de proporcionalidad; sin él su crédito es cero.',
    '{count} purchase(s) with a proportional credit: give the proportionality percentage; without it their credit is zero.',
  ],
  unreadable: [
    '{count} comprobante(s) guardado(s) no se pudieron leer: no se cuentan.',
    '{count} stored document(s) could not be read: not counted.',
  ],
};

const FIXED: Readonly<Record<string, Bilingual>> = {
  sales_used_goods: ['Ventas gravadas, régimen de bienes usados', 'Taxed sales, used goods regime'],
  sales_special_rate: ['Ventas gravadas sin código de tarifa', 'Taxed sales without a rate code'],
  self_assessed_fec: ['IVA autoliquidado en facturas de compra (FEC)', 'VAT self-assessed on purchase invoices (FEC)'],
  sales_zero_rate: ['Ventas al 0 % con derecho a crédito', 'Sales at 0% with credit right'],
  sales_exempt: ['Ventas exentas', 'Exempt sales'],
  sales_zero_no_credit: ['Ventas al 0 % sin derecho a crédito', 'Sales at 0% without credit right'],
  sales_exonerated: ['Ventas exoneradas (informativo)', 'Exonerated sales (for information)'],
  sales_non_subject: ['Ventas no sujetas', 'Non-subject sales'],
  sales_exports: ['Exportaciones (FEE)', 'Exports (FEE)'],
  purchases_special_rate: ['Compras con IVA sin código de tarifa', 'Purchases with VAT without a rate code'],
  purchases_non_subject: ['Compras no sujetas', 'Non-subject purchases'],
  purchases_exonerated: ['Compras exoneradas (informativo)', 'Exonerated purchases (for information)'],
  purchases_no_credit: ['Compras sin derecho a crédito (gasto, condición 04)', 'Purchases without credit right (expense, condition 04)'],
  credit_general: ['Crédito por compras aceptadas (condición 01 y aceptación tácita)', 'Credit on accepted purchases (condition 01 and tacit acceptance)'],
  credit_partial: ['Crédito parcial (condición 02)', 'Partial credit (condition 02)'],
  credit_capital_goods: ['Crédito por bienes de capital (condición 03)', 'Credit on capital goods (condition 03)'],
  credit_proportional: ['Crédito proporcional (condición 05)', 'Proportional credit (condition 05)'],
  credit_fec: ['Crédito del IVA autoliquidado en FEC', 'Credit of the VAT self-assessed on FEC'],
  credit_imports: ['Crédito por importaciones (digitado)', 'Credit on imports (typed in)'],
  debit: ['Impuesto generado (débito fiscal)', 'Tax charged (debit)'],
  credit: ['Créditos fiscales', 'Tax credits'],
  iva_returned: ['IVA devuelto (servicios de salud pagados con tarjeta)', 'VAT refunded (health services paid by card)'],
  withholdings: ['Retenciones (digitado)', 'Withholdings (typed in)'],
  previous_balance: ['Saldo a favor anterior (digitado)', 'Earlier balance in favour (typed in)'],
  balance_payable: ['Impuesto a pagar', 'Tax payable'],
  balance_in_favour: ['Saldo a favor', 'Balance in favour'],
};

const TRANSITIONAL: ReadonlySet<string> = new Set(['05', '06', '07']);

/** "13 %", "4 % (transitoria)". */
function rateWords(rateCode: string, language: 'es' | 'en'): string {
  const percent = IVA_RATES[rateCode];
  if (percent === undefined) return rateCode;
  const transitional = TRANSITIONAL.has(rateCode) ? (language === 'es' ? ' (transitoria)' : ' (transitional)') : '';
  return `${percent}${language === 'es' ? ' %' : '%'}${transitional}`;
}

const PURCHASE_RATE_NOTES: Readonly<Record<string, Bilingual>> = {
  '01': ['0 % con derecho a crédito', '0% with credit right'],
  '05': ['0 % transitoria', 'transitional 0%'],
  '10': ['exentas', 'exempt'],
  '11': ['0 % sin derecho a crédito', '0% without credit right'],
};

/** The label of a line id in `language`; an id it does not know is its own label. */
export function lineLabel(id: string, language: 'es' | 'en'): string {
  const i = language === 'en' ? 1 : 0;
  const fixed = FIXED[id];
  if (fixed) return fixed[i];
  const sale = /^sales_(\d{2})_(goods|services)$/.exec(id);
  if (sale) {
    const [, rate, kind] = sale as unknown as [string, string, 'goods' | 'services'];
    return language === 'es'
      ? `Ventas gravadas al ${rateWords(rate, 'es')}, ${kind === 'goods' ? 'bienes' : 'servicios'}`
      : `Taxed sales at ${rateWords(rate, 'en')}, ${kind}`;
  }
  const purchase = /^purchases_(\d{2})$/.exec(id);
  if (purchase) {
    const rate = purchase[1]!;
    const note = PURCHASE_RATE_NOTES[rate];
    if (note) return language === 'es' ? `Compras ${note[0]}` : `Purchases ${note[1]}`;
    return language === 'es' ? `Compras gravadas al ${rateWords(rate, 'es')}` : `Taxed purchases at ${rateWords(rate, 'en')}`;
  }
  return id;
}
