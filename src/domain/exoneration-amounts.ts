/**
 * Exoneracion and the issuer's assumed tax (annex pages 44–45).
 *   MontoExoneracion = TarifaExonerada × the base the tax was computed on. TarifaExonerada has two decimals
 *   (4,2), so an exoneration given as an amount becomes the rate it amounts to on that base, rounded to two
 *   decimals, and MontoExoneracion is recomputed from that rate: the two always agree, as Hacienda checks.
 *   Without rate or amount the whole tax is exonerated. A combo with components at several VAT rates is the
 *   one case where MontoExoneracion is "editable" (TarifaExonerada may be 0): the amount is kept as given.
 *   ImpuestoAsumidoEmisorFabrica on regalías and bonificaciones = what of their VAT is not exonerated:
 *   gifts × (Tarifa − TarifaExonerada), so that with everything given away it is Monto − MontoExoneracion,
 *   never negative.
 * Limits (a rate above the tax's, an amount above the tax) are the rule catalogue's to refuse.
 */
import type { Decimal } from 'decimal.js';
import type { Exoneration } from './document-model.ts';
import { HUNDRED, ZERO, round5 } from './money.ts';
import { percentOf } from './tax-amounts.ts';

export interface ExonerationInput extends Omit<Exoneration, 'rate' | 'amount'> {
  rate?: Decimal; // TarifaExonerada in percentage points
  amount?: Decimal; // MontoExoneracion as given, used only when no rate is given
}

/** The TarifaExonerada an amount stands for on a base (two decimals). */
export function rateOfAmount(amount: Decimal, base: Decimal): Decimal {
  return base.isZero() ? ZERO : amount.div(base).mul(HUNDRED).toDecimalPlaces(2);
}

export function exonerate(input: ExonerationInput, base: Decimal, taxAmount: Decimal, taxRate: Decimal, editableAmount = false): Exoneration {
  const { rate: givenRate, amount: givenAmount, ...rest } = input;
  let rate: Decimal;
  let amount: Decimal;
  if (editableAmount && givenAmount !== undefined) {
    rate = givenRate ?? ZERO;
    amount = round5(givenAmount);
  } else if (givenRate !== undefined) {
    rate = givenRate;
    amount = percentOf(base, rate);
  } else if (givenAmount !== undefined) {
    rate = rateOfAmount(givenAmount, base);
    amount = percentOf(base, rate);
  } else {
    rate = taxRate;
    amount = taxAmount;
  }
  return { ...rest, rate, amount };
}

/**
 * The VAT the issuer assumes on gifts (Nota 20: 01, 03): what of it is not exonerated. When all the taxed
 * base was given away it is exactly Monto − MontoExoneracion (no rounding apart), and never more than that.
 */
export function assumedGiftTax(gifts: Decimal, base: Decimal, taxAmount: Decimal, taxRate: Decimal, exoneration: Exoneration | undefined): Decimal {
  if (gifts.isZero()) return ZERO;
  const notExonerated = taxAmount.minus(exoneration?.amount ?? ZERO);
  if (!notExonerated.greaterThan(0)) return ZERO;
  if (gifts.greaterThanOrEqualTo(base)) return notExonerated;
  const rate = taxRate.minus(exoneration?.rate ?? ZERO);
  if (!rate.greaterThan(0)) return ZERO;
  const share = percentOf(gifts, rate);
  return share.lessThan(notExonerated) ? share : notExonerated;
}
