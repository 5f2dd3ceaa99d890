/**
 * Exoneracion and the issuer's assumed tax (annex pages 45–46).
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

export function exonerate(input: ExonerationInput, base: Decimal, taxAmount: Decimal, taxRate: Decimal): Exoneration {
  const { rate: givenRate, amount: givenAmount, ...rest } = input;
  if (givenRate !== undefined) return { ...rest, rate: givenRate, amount: percentOf(base, givenRate) };
  if (givenAmount !== undefined) {
    const rate = rateOfAmount(givenAmount, base);
    return { ...rest, rate, amount: percentOf(base, rate) };
  }
  return { ...rest, rate: taxRate, amount: taxAmount };
}

/** A combo exonerated across several VAT rates: MontoExoneracion as given, TarifaExonerada 0 unless given. */
export function exonerateByAmount(input: ExonerationInput): Exoneration {
  const { rate, amount, ...rest } = input;
  return { ...rest, rate: rate ?? ZERO, amount: round5(amount ?? ZERO) };
}

/**
 * The VAT the issuer assumes on gifts (Nota 20: 01, 03): what of it is not exonerated. When the customer
 * pays nothing (SubTotal 0) it is exactly Monto − MontoExoneracion (page 46), never more than that.
 */
export function assumedGiftTax(gifts: Decimal, subtotal: Decimal, taxAmount: Decimal, taxRate: Decimal, exoneration: Exoneration | undefined): Decimal {
  if (gifts.isZero()) return ZERO;
  const notExonerated = taxAmount.minus(exoneration?.amount ?? ZERO);
  if (!notExonerated.greaterThan(0)) return ZERO;
  if (subtotal.isZero()) return notExonerated;
  const rate = taxRate.minus(exoneration?.rate ?? ZERO);
  if (!rate.greaterThan(0)) return ZERO;
  const share = percentOf(gifts, rate);
  return share.lessThan(notExonerated) ? share : notExonerated;
}
