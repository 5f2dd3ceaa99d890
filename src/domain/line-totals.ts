/**
 * Amounts of one detail line (LineaDetalle), computed the way the v4.4 annex defines them:
 *   MontoTotal = Cantidad × PrecioUnitario
 *   SubTotal = MontoTotal − Σ Descuento
 *   BaseImponible = SubTotal + selective/specific taxes (codes 02, 04, 05, 12) + "regalía/bonificación"
 *                   discounts (codes 01, 03: the issuer gives the goods away but VAT is still due on them)
 *   Impuesto.Monto = BaseImponible × Tarifa (VAT) | SubTotal × Tarifa (other taxes) | the given amount
 *   MontoExoneracion = BaseImponible × TarifaExonerada, never more than the tax
 *   ImpuestoNeto = Σ Monto − Σ MontoExoneracion − ImpuestoAsumidoEmisorFabrica
 *   MontoTotalLinea = SubTotal + ImpuestoNeto
 * Each value is rounded once to 5 decimals where it is produced; sums of rounded values are exact.
 */
import type { Decimal } from 'decimal.js';
import type { Discount, Exoneration, LineTax, SpecificTaxData } from './document-model.ts';
import { Dec, HUNDRED, ZERO, round5, sum } from './money.ts';
import { IVA_RATES } from './codes.ts';

/** Tax codes that are VAT (Nota 8): 01 IVA, 07 IVA cálculo especial, 08 IVA régimen de bienes usados. */
export const VAT_TAX_CODES: ReadonlySet<string> = new Set(['01', '07', '08']);
/** Taxes that are part of the VAT base (annex, BaseImponible). */
const TAXES_IN_VAT_BASE: ReadonlySet<string> = new Set(['02', '04', '05', '12']);
/** Discount codes whose VAT the issuer assumes (Nota 20: 01 regalía, 03 bonificación). */
const GIFT_DISCOUNT_CODES: ReadonlySet<string> = new Set(['01', '03']);

export interface ExonerationInput extends Omit<Exoneration, 'rate' | 'amount'> {
  rate?: Decimal; // TarifaExonerada in percentage points; defaults to the whole tax rate
  amount?: Decimal; // used only when no rate is given
}

export interface TaxInput {
  code: string;
  codeOther?: string;
  rateCode?: string;
  rate?: Decimal; // percentage, used when no rate code is given (or for non-VAT taxes)
  ivaFactor?: Decimal;
  specific?: SpecificTaxData;
  amount?: Decimal; // only for taxes without a rate (specific taxes): VAT is always recomputed
  assumed?: Decimal; // ImpuestoAsumidoEmisorFabrica share of this tax
  taxableBase?: Decimal; // edited base for code 07 (IVA cálculo especial)
  exoneration?: ExonerationInput;
}

export interface LineInput {
  quantity: Decimal;
  unitPrice: Decimal;
  discounts: Discount[];
  taxes: TaxInput[];
  isService: boolean;
}

export interface ComputedTax extends LineTax {
  assumed: Decimal; // this tax's share of ImpuestoAsumidoEmisorFabrica
}

export interface LineAmounts {
  amount: Decimal; // MontoTotal
  discountTotal: Decimal;
  subtotal: Decimal; // SubTotal
  taxableBase: Decimal; // BaseImponible
  taxes: ComputedTax[];
  assumedTax: Decimal; // ImpuestoAsumidoEmisorFabrica
  netTax: Decimal; // ImpuestoNeto
  total: Decimal; // MontoTotalLinea
}

/** VAT rate per rate code as decimals, built once. */
const RATE_BY_CODE: ReadonlyMap<string, Decimal> = new Map(Object.entries(IVA_RATES).map(([code, rate]) => [code, new Dec(rate)]));

/** The VAT rate of a tax: from its rate code (Nota 8.1) or the rate given. */
export function vatRate(tax: Pick<TaxInput, 'rateCode' | 'rate'>): Decimal | undefined {
  return (tax.rateCode === undefined ? undefined : RATE_BY_CODE.get(tax.rateCode)) ?? tax.rate;
}

function computeOtherTax(tax: TaxInput, subtotal: Decimal, quantity: Decimal): Decimal {
  if (tax.amount !== undefined) return round5(tax.amount);
  if (tax.specific) return round5(tax.specific.taxPerUnit.mul(tax.specific.unitQuantity).mul(quantity));
  if (tax.rate !== undefined) return round5(subtotal.mul(tax.rate).div(HUNDRED));
  return ZERO;
}

function exonerate(input: ExonerationInput, base: Decimal, taxAmount: Decimal, rate: Decimal): Exoneration {
  let exoneratedRate: Decimal;
  let amount: Decimal;
  if (input.rate !== undefined) {
    exoneratedRate = input.rate;
    amount = round5(base.mul(exoneratedRate).div(HUNDRED));
  } else if (input.amount !== undefined) {
    amount = round5(input.amount);
    exoneratedRate = base.isZero() ? ZERO : amount.div(base).mul(HUNDRED).toDecimalPlaces(2);
  } else {
    exoneratedRate = rate;
    amount = taxAmount;
  }
  if (amount.greaterThan(taxAmount)) amount = taxAmount;
  const { rate: _r, amount: _a, ...rest } = input;
  return { ...rest, rate: exoneratedRate, amount };
}

function giftDiscounts(discounts: Discount[]): Decimal {
  return sum(discounts.filter((d) => GIFT_DISCOUNT_CODES.has(d.code)).map((d) => d.amount));
}

function computeVat(tax: TaxInput, base: Decimal, gifts: Decimal): ComputedTax {
  const rate = vatRate(tax) ?? ZERO;
  const taxBase = tax.taxableBase ?? base;
  const amount = tax.ivaFactor !== undefined ? round5(taxBase.mul(tax.ivaFactor)) : round5(taxBase.mul(rate).div(HUNDRED));
  const exoneration = tax.exoneration ? exonerate(tax.exoneration, taxBase, amount, rate) : undefined;
  const assumed = tax.assumed !== undefined ? round5(tax.assumed) : gifts.isZero() ? ZERO : round5(gifts.mul(rate).div(HUNDRED));
  return {
    code: tax.code,
    codeOther: tax.codeOther,
    rateCode: tax.rateCode,
    rate: tax.rateCode !== undefined || tax.rate !== undefined ? rate : undefined,
    ivaFactor: tax.ivaFactor,
    specific: tax.specific,
    amount,
    exoneration,
    assumed,
  };
}

export function computeLine(line: LineInput): LineAmounts {
  const amount = round5(line.quantity.mul(line.unitPrice));
  const discountTotal = line.discounts.length === 0 ? ZERO : sum(line.discounts.map((d) => d.amount));
  const subtotal = amount.minus(discountTotal);
  const others: ComputedTax[] = [];
  for (const tax of line.taxes) {
    if (VAT_TAX_CODES.has(tax.code)) continue;
    const taxAmount = computeOtherTax(tax, subtotal, line.quantity);
    others.push({
      code: tax.code,
      codeOther: tax.codeOther,
      rateCode: tax.rateCode,
      rate: tax.rate,
      specific: tax.specific,
      amount: taxAmount,
      exoneration: tax.exoneration ? exonerate(tax.exoneration, subtotal, taxAmount, tax.rate ?? ZERO) : undefined,
      assumed: round5(tax.assumed ?? ZERO),
    });
  }
  const gifts = giftDiscounts(line.discounts);
  const taxableBase = subtotal.plus(gifts).plus(sum(others.filter((t) => TAXES_IN_VAT_BASE.has(t.code)).map((t) => t.amount)));
  const byInputOrder = line.taxes.map((tax) =>
    VAT_TAX_CODES.has(tax.code) ? computeVat(tax, taxableBase, gifts) : others.shift()!,
  );
  const assumedTax = sum(byInputOrder.map((t) => t.assumed));
  const netTax = sum(byInputOrder.map((t) => t.amount.minus(t.exoneration?.amount ?? ZERO))).minus(assumedTax);
  return { amount, discountTotal, subtotal, taxableBase, taxes: byInputOrder, assumedTax, netTax, total: subtotal.plus(netTax) };
}
