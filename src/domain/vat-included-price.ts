/**
 * Prices with VAT included — the shelf price of a Costa Rican counter — turned into what the XML carries:
 * PrecioUnitario before tax, with the annex's 5 decimals, chosen so that the line's MontoTotalLinea is the
 * shelf price × quantity less the shelf discounts. Dividing by (1 + rate) and rounding is not enough: ₡1,000 at
 * 13 % is 884.955752…, and the rounded price, its MontoTotal and its VAT are each rounded again. So the
 * neighbouring 5-decimal prices (and discount amounts) are tried through computeLine itself — the engine that
 * signs — and the one whose total is nearest the shelf total wins; among equals, the one nearest the exact
 * quotient. The total is then the shelf total to the last of its 5 decimals wherever the 5-decimal grid
 * reaches it, and otherwise the nearest value it reaches (docs/document-request.md, "Prices with VAT included").
 * A line given here has one tax, VAT 01 at its rate; the request reader refuses the flag on any other line.
 */
import { Decimal } from 'decimal.js';
import type { Discount } from './document-model.ts';
import { computeLine, type TaxInput } from './line-totals.ts';
import { Dec, HUNDRED, MONEY_DECIMALS, round5, sum } from './money.ts';

/** One unit of the 5th decimal, the grid every price, discount and total lives on. */
const STEP = new Dec('0.00001');
const HALF_STEP = new Dec('0.000005');
/**
 * How far either side of an estimate the search looks, in steps. An estimate is within 1.5 steps of the best
 * value (each rounding moves a total by at most half a step); 3 leaves room and costs a few computeLine calls.
 */
const REACH = 3;

export interface ShelfLine<D extends Discount = Discount> {
  quantity: Decimal;
  /** The unit price with VAT included. */
  price: Decimal;
  /** Discounts given on the shelf price, VAT included. */
  discounts: D[];
  /** The line's only tax: VAT (01) with its rate code or rate. */
  vat: TaxInput;
  /** That VAT's rate in percent (13 for 13 %). */
  rate: Decimal;
}

export interface NetLine<D extends Discount = Discount> {
  unitPrice: Decimal;
  discounts: D[];
}

/** The values `center − REACH … center + REACH` steps. */
function around(center: Decimal): Decimal[] {
  const values: Decimal[] = [];
  for (let k = -REACH; k <= REACH; k++) values.push(center.plus(STEP.mul(k)));
  return values;
}

/** The amount in cents, half up, as the customer pays it. */
const cents = (amount: Decimal) => amount.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/**
 * Of `candidates` within [min, max], the best for the customer's total: first one whose total rounds to the
 * same cent as `target` (what the customer pays), then the one whose total is nearest `target` (exact when
 * the grid reaches it), then the one nearest `ideal`. Candidates are few (≤ 14); each costs one computeLine.
 */
function nearest(candidates: Decimal[], min: Decimal, max: Decimal, ideal: Decimal, target: Decimal, totalOf: (value: Decimal) => Decimal): Decimal | undefined {
  const cent = cents(target);
  let chosen: { value: Decimal; rank: Decimal[] } | undefined;
  const seen = new Set<string>();
  for (const value of candidates) {
    const key = value.toFixed(MONEY_DECIMALS);
    if (value.lessThan(min) || value.greaterThan(max) || seen.has(key)) continue;
    seen.add(key);
    const total = totalOf(value);
    const rank = [new Dec(cents(total).equals(cent) ? 0 : 1), total.minus(target).abs(), value.minus(ideal).abs()];
    if (!chosen || before(rank, chosen.rank)) chosen = { value, rank };
  }
  return chosen?.value;
}

/** Lexicographic order of two ranks. */
function before(a: Decimal[], b: Decimal[]): boolean {
  for (let i = 0; i < a.length; i++) if (!a[i]!.equals(b[i]!)) return a[i]!.lessThan(b[i]!);
  return false;
}

/**
 * The 5-decimal price nearest `ideal` whose MontoTotal (round5(quantity × price), half up) is `amount`.
 * Below one unit many prices give one MontoTotal; the price then follows the MontoTotal, not the reverse.
 */
function priceMaking(amount: Decimal, quantity: Decimal, ideal: Decimal): Decimal {
  const lowest = amount.minus(HALF_STEP).div(quantity).toDecimalPlaces(MONEY_DECIMALS, Decimal.ROUND_CEIL);
  const highest = amount.plus(HALF_STEP).div(quantity).toDecimalPlaces(MONEY_DECIMALS, Decimal.ROUND_CEIL).minus(STEP);
  const near = round5(ideal);
  if (near.lessThan(lowest)) return lowest;
  return near.greaterThan(highest) ? Decimal.max(highest, lowest) : near;
}

/** The net prices and discounts of a line whose price and discounts include VAT. */
export function netFromShelf<D extends Discount>(line: ShelfLine<D>): NetLine<D> {
  const { quantity, price, vat } = line;
  const factor = line.rate.div(HUNDRED).plus(1);
  // No VAT to take out, or nothing to derive: the prices are what they are.
  if (line.rate.isZero() || !price.greaterThan(0) || !quantity.greaterThan(0)) return { unitPrice: price, discounts: line.discounts };
  const totalOf = (unitPrice: Decimal, discounts: Discount[]) => computeLine({ quantity, unitPrice, discounts, taxes: [vat], isService: false }).total;

  // The price: its line without discounts totals the shelf price × quantity.
  const idealPrice = price.div(factor);
  const shelfAmount = round5(quantity.mul(price));
  const candidates = around(round5(idealPrice));
  if (quantity.lessThan(1)) for (const amount of around(round5(shelfAmount.div(factor)))) candidates.push(priceMaking(amount, quantity, idealPrice));
  const unitPrice = nearest(candidates, STEP, price, idealPrice, shelfAmount, (p) => totalOf(p, [])) ?? round5(idealPrice);

  const discounts = line.discounts.map((d) => ({ ...d, amount: round5(d.amount.div(factor)) }));
  const shelfDiscounts = sum(line.discounts.map((d) => d.amount));
  if (discounts.length === 0 || shelfDiscounts.isZero() || shelfDiscounts.greaterThan(shelfAmount)) return { unitPrice, discounts };

  // The discounts: each converted alike, the largest then moved so that the line totals the shelf total.
  const target = round5(quantity.mul(price).minus(shelfDiscounts));
  const largest = line.discounts.reduce((best, d, i) => (d.amount.greaterThan(line.discounts[best]!.amount) ? i : best), 0);
  const idealDiscount = line.discounts[largest]!.amount.div(factor);
  const others = sum(discounts.filter((_, i) => i !== largest).map((d) => d.amount));
  const room = round5(quantity.mul(unitPrice)).minus(others); // the discounts never exceed MontoTotal
  const withLargest = (amount: Decimal) => discounts.map((d, i) => (i === largest ? { ...d, amount } : d));
  const start = round5(idealDiscount);
  // More discount lowers the total by about (1 + rate) per unit: one estimate from the first error.
  const center = round5(start.plus(totalOf(unitPrice, withLargest(start)).minus(target).div(factor)));
  const amount = nearest([...around(center), ...around(start)], STEP, room, idealDiscount, target, (a) => totalOf(unitPrice, withLargest(a)));
  return { unitPrice, discounts: amount === undefined ? discounts : withLargest(amount) };
}
