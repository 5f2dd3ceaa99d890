/**
 * The shapes of a line's computation: what a line, a tax and a combo component bring (…Input) and what
 * comes out (LineAmounts), plus the last step every line shares (finishLine).
 */
import type { Decimal } from 'decimal.js';
import type { Discount, LineTax, TaxBreakdown } from './document-model.ts';
import type { ExonerationInput } from './exoneration-amounts.ts';
import type { SpecificTaxInput } from './tax-amounts.ts';
import { ZERO } from './money.ts';

export interface TaxInput {
  code: string;
  codeOther?: string;
  rateCode?: string;
  rate?: Decimal; // percentage, used when no rate code is given (or for non-VAT taxes)
  ivaFactor?: Decimal; // FactorCalculoIVA (code 08)
  specific?: SpecificTaxInput; // DatosImpuestoEspecifico (codes 03–06)
  amount?: Decimal; // a tax amount given as such: only where no formula applies (99 without rate; 03–06 without data)
  assumed?: Decimal; // ImpuestoAsumidoEmisorFabrica share of this tax, when the client states it
  taxableBase?: Decimal; // edited BaseImponible (code 07, IVA cobrado a nivel de fábrica 01)
  exoneration?: ExonerationInput;
  exportAmount?: Decimal; // MontoExportacion
}

/** One component of a combo (LineaDetalleSurtido); computed like a line of its own, without exoneration. */
export interface ComponentInput {
  quantity: Decimal;
  unitPrice: Decimal;
  discounts: Discount[];
  taxes: TaxInput[];
  ivaChargedAtFactory?: string;
}

export interface LineInput {
  quantity: Decimal;
  unitPrice: Decimal;
  discounts: Discount[];
  taxes: TaxInput[];
  isService: boolean;
  ivaChargedAtFactory?: string;
  assortment?: ComponentInput[];
  /** A combo's exoneration: it applies to the VAT its components add up to. */
  exoneration?: ExonerationInput;
  /** The type's XML has no BaseImponible (FEE, REP): VAT is computed on the SubTotal alone. */
  noTaxableBase?: boolean;
}

export interface ComputedTax extends LineTax {
  assumed: Decimal; // this tax's share of ImpuestoAsumidoEmisorFabrica
  base: Decimal; // what the tax was computed on (the exoneration's base)
}

/** How a combo's MontoTotal divides by its components' VAT rate codes (for the summary's categories). */
export interface CategoryPart {
  vat: boolean; // whether the part bears VAT (otherwise it is non-subject)
  rateCode?: string; // its VAT rate code, when it has one
  amount: Decimal;
}

export interface LineAmounts {
  amount: Decimal; // MontoTotal
  discounts: Discount[]; // Descuento (a combo's are its components' times the line's quantity)
  discountTotal: Decimal;
  subtotal: Decimal; // SubTotal
  taxableBase: Decimal; // BaseImponible
  taxes: ComputedTax[];
  assumedTax: Decimal; // ImpuestoAsumidoEmisorFabrica
  netTax: Decimal; // ImpuestoNeto
  total: Decimal; // MontoTotalLinea
  /** Combos only: the summary splits MontoTotal and the tax breakdown by component. */
  parts?: CategoryPart[];
  breakdown?: TaxBreakdown[];
  components?: LineAmounts[];
}

/** ImpuestoAsumidoEmisorFabrica, ImpuestoNeto and MontoTotalLinea from the taxes, completing `a` in place. */
export function finishLine(a: Omit<LineAmounts, 'assumedTax' | 'netTax' | 'total'> & Partial<LineAmounts>): LineAmounts {
  let assumedTax = ZERO;
  let netTax = ZERO;
  for (const t of a.taxes) {
    if (!t.assumed.isZero()) assumedTax = assumedTax.plus(t.assumed);
    netTax = t.exoneration ? netTax.plus(t.amount).minus(t.exoneration.amount) : netTax.plus(t.amount);
  }
  if (!assumedTax.isZero()) netTax = netTax.minus(assumedTax);
  a.assumedTax = assumedTax;
  a.netTax = netTax;
  a.total = a.subtotal.plus(netTax);
  return a as LineAmounts;
}
