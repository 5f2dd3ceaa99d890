/**
 * What a void credits once partial notes exist: the remaining balance, not the original's total
 * (docs/documents-api.md, "Voids"). The remainder is spread over the original's lines and other charges in
 * proportion to their amounts; each line becomes quantity 1 at the net price whose total (net + its VAT,
 * rounded as the engine rounds it) is the line's share, and the largest line (an exempt one first: it has
 * no VAT rounding) takes what the others' rounding left, so the note totals the remainder exactly. VAT
 * rounding skips some five-decimal totals; then the line before the last gives up a unit of price until
 * the last can close exactly. A single taxed line may still fall short by 0.00001: its document is settled
 * all the same (domain/note-balance.ts SETTLE_BELOW).
 * Only plain lines are restated this way — one VAT tax by rate, no exoneration, specific or other tax, no
 * combo, no assumed tax, no VAT returned — since what the rest would owe in part has no single answer.
 */
import type { Decimal } from 'decimal.js';
import type { DocumentModel, Line, OtherCharge } from '../domain/document-model.ts';
import { Dec, ZERO, round5, sum } from '../domain/money.ts';
import { percentOf, vatRate } from '../domain/tax-amounts.ts';
import { IssueError } from './issue-errors.ts';

const UNIT = new Dec('0.00001');

export interface RestatedLine {
  line: Line;
  /** Net unit price of quantity 1 (PrecioUnitario = SubTotal). */
  net: Decimal;
}

type Rated = RestatedLine & { rate: Decimal };

export interface Remainder {
  lines: RestatedLine[];
  otherCharges: { charge: OtherCharge; amount: Decimal }[];
}

/** The VAT rate (percent) of a plain line, else undefined. */
function plainRate(line: Line): Decimal | undefined {
  const tax = line.taxes[0];
  if (line.assortment.length > 0 || line.taxes.length !== 1 || !line.assumedTax.isZero() || line.ivaChargedAtFactory !== undefined) return undefined;
  if (!tax || tax.code !== '01' || tax.exoneration || tax.specific) return undefined;
  return vatRate(tax);
}

const lineTotal = (net: Decimal, rate: Decimal) => net.plus(percentOf(net, rate));

/** The largest net price whose line total does not pass `target`. */
function netFor(target: Decimal, rate: Decimal): Decimal {
  let net = round5(target.mul(100).div(rate.plus(100)));
  while (net.greaterThan(ZERO) && lineTotal(net, rate).greaterThan(target)) net = net.minus(UNIT);
  while (lineTotal(net.plus(UNIT), rate).lessThanOrEqualTo(target)) net = net.plus(UNIT);
  return net;
}

const credited = (lines: readonly Rated[]) => sum(lines.map((l) => lineTotal(l.net, l.rate)));

/**
 * Adds the last line, which takes what the others left. Where VAT rounding cannot reach that exactly, the
 * line before it gives up one unit of net price at a time (up to ten) until the last line can.
 */
function closeWith(lines: Rated[], last: { line: Line; rate: Decimal }, forLines: Decimal): void {
  const closing = (others: readonly Rated[]) => {
    const target = forLines.minus(credited(others));
    const net = netFor(target, last.rate);
    return { rated: { ...last, net }, exact: lineTotal(net, last.rate).equals(target) };
  };
  let best = closing(lines);
  const before = lines.at(-1);
  for (let k = 1; k <= 10 && before && !best.exact; k++) {
    const nudged = { ...before, net: before.net.minus(UNIT.mul(k)) };
    if (nudged.net.lessThanOrEqualTo(ZERO)) break;
    const attempt = closing([...lines.slice(0, -1), nudged]);
    if (attempt.exact) {
      lines[lines.length - 1] = nudged;
      best = attempt;
    }
  }
  if (best.rated.net.greaterThan(ZERO)) lines.push(best.rated);
}

/** The original's lines and charges restated for `remainder` (in its currency); refused for lines that are not plain. */
export function restateRemainder(original: DocumentModel, remainder: Decimal): Remainder {
  const rates = original.lines.map(plainRate);
  if (rates.some((r) => r === undefined) || !original.summary.ivaReturned.isZero()) {
    throw new IssueError('not_voidable', 422, `${original.clave} already has notes, and its lines carry regimes a remainder cannot be worked out for (exonerations, specific or other taxes, combos, assumed tax or VAT returned): issue the credit note for the remaining ${remainder.toFixed(2)} from the invoice screen.`);
  }
  const share = remainder.div(original.summary.total);
  const otherCharges = original.otherCharges.map((charge) => ({ charge, amount: round5(charge.amount.mul(share)) })).filter((c) => c.amount.greaterThan(ZERO));
  const forLines = remainder.minus(sum(otherCharges.map((c) => c.amount)));
  const linesTotal = sum(original.lines.map((l) => l.total));
  // Smallest first; the last one (an exempt line if any, else the largest) takes the rest.
  const order = original.lines.map((line, i) => ({ line, rate: rates[i]! })).filter((l) => l.line.total.greaterThan(ZERO))
    .sort((a, b) => Number(a.rate.isZero()) - Number(b.rate.isZero()) || a.line.total.comparedTo(b.line.total));
  const lines: Rated[] = [];
  for (const { line, rate } of order.slice(0, -1)) {
    const net = netFor(round5(line.total.mul(forLines).div(linesTotal)), rate);
    if (net.greaterThan(ZERO)) lines.push({ line, rate, net }); // a share too small to be a price: the last line takes it
  }
  const last = order.at(-1);
  if (last) closeWith(lines, last, forLines);
  lines.sort((a, b) => a.line.number - b.line.number);
  return { lines: lines.map(({ line, net }) => ({ line, net })), otherCharges };
}
