/**
 * Exchange-rate arithmetic in decimals. A quote is colones per unit of a currency, as bought and sold by
 * the entity (`buy` ≤ `sell`). Any pair is crossed through the colón: to turn X into Y one sells X for
 * colones at X's buy rate and buys Y with them at Y's sell rate, so a pair's `buy` is X.buy / Y.sell and
 * its `sell` X.sell / Y.buy. With Y = CRC that is X's own quote; with X = CRC it is the inverse quote, the
 * bid and ask swapping places.
 */
import { Dec } from '../domain/money.ts';

export interface Quote {
  buy: Dec;
  sell: Dec;
}

/** The colón in colones. */
export const COLON_QUOTE: Quote = { buy: new Dec(1), sell: new Dec(1) };

/**
 * Derived rates keep 10 significant digits: enough for 1 CRC in USD (0.001915…) and far beyond the
 * 5 decimals a document's TipoCambio can carry; published rates (2 decimals) pass unchanged.
 */
export const DERIVED_SIGNIFICANT_DIGITS = 10;

const derived = (value: Dec): Dec => value.toSignificantDigits(DERIVED_SIGNIFICANT_DIGITS, Dec.ROUND_HALF_UP);

/** Units of `to` per unit of `from`. */
export function crossQuote(from: Quote, to: Quote): Quote {
  return { buy: derived(from.buy.div(to.sell)), sell: derived(from.sell.div(to.buy)) };
}

/**
 * The euro's buy rate, which the indicators do not publish: they give the euro in dollars and its sell
 * rate in colones, which the central bank derives from the dollar's sell rate (1.1115 USD × 586 =
 * 651.34). The buy rate is derived the same way from the dollar's buy rate, to 2 decimals as published.
 */
export function euroBuyRate(dollarsPerEuro: Dec, dollarBuy: Dec): Dec {
  return dollarsPerEuro.times(dollarBuy).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
}
