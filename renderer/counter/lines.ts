/**
 * The ticket's lines as values: adding one (merged into an equal line), changing the last one's quantity
 * or discount. Pure, so the store stays a thin layer of state over them. A percentage discount follows its
 * line's quantity; an amount that no longer fits the line is dropped rather than sent to be refused.
 */
import { add, compare, readTyped, type TypedProblem } from '../shared/decimal.ts';
import { discountFrom, discountOf } from '../shared/ticket/discount.ts';
import type { TicketLine } from '../shared/ticket/ticket-request.ts';

/** Cantidad is at most 6 integer digits and 3 decimals as the counter takes it. */
const QUANTITY_LIMITS = { digits: 6, decimals: 3 };

export interface QuantitySplit {
  quantity: string;
  text: string;
  /** The quantity typed before `*` is refused (`1.000*`: a thousand, or one?); `typed` is what was typed. */
  problem?: { problem: TypedProblem; typed: string };
}

/** `3*cafe` -> quantity 3, text "cafe"; anything else quantity 1. `1,5*` is 1.5; `1.000*` is refused, not 1. */
export function splitQuantity(query: string): QuantitySplit {
  const m = /^\s*(\d[\d.,]*)\s*\*\s*(.*)$/.exec(query);
  if (!m) return { quantity: '1', text: query.trim() };
  const typed = m[1]!;
  const read = readTyped(typed, QUANTITY_LIMITS);
  const text = m[2]!.trim();
  return read.problem ? { quantity: '1', text, problem: { problem: read.problem, typed } } : { quantity: read.value, text };
}

/** `3*` alone: a new quantity for the last line (scan, then `3*` Enter). Zero is no quantity. */
export function quantityOnly(query: string): string | null {
  const { quantity, text, problem } = splitQuantity(query);
  return text === '' && !problem && /\*/.test(query) && /[1-9]/.test(quantity) ? quantity : null;
}

/** Everything of a line but its quantity: two lines alike in all of it are one line of both quantities. */
function sameItem(a: TicketLine, b: TicketLine): boolean {
  const { quantity: _a, price: priceA, ...restA } = a;
  const { quantity: _b, price: priceB, ...restB } = b;
  const keys = new Set([...Object.keys(restA), ...Object.keys(restB)]);
  const alike = [...keys].every((key) => JSON.stringify(restA[key as keyof typeof restA]) === JSON.stringify(restB[key as keyof typeof restB]));
  return alike && compare(priceA, priceB) === 0; // 1500 and 1500.00 are one price
}

/**
 * `line` added to the ticket: merged into the quantity of a line of the same item (same code, price, unit,
 * rate and every other field) when neither has a discount, so a product scanned twice is one line of 2.
 * The merged line moves to the end: it is the one just rung up, which `3*`, F3 and Del act on.
 */
export function withAdded(lines: readonly TicketLine[], line: TicketLine): TicketLine[] {
  const at = line.discount ? -1 : lines.findIndex((l) => !l.discount && sameItem(l, line));
  if (at < 0 || compare(line.quantity, '0') <= 0) return [...lines, line];
  const merged = { ...lines[at]!, quantity: add(lines[at]!.quantity, line.quantity) };
  return [...lines.slice(0, at), ...lines.slice(at + 1), merged];
}

function replaceLast(lines: readonly TicketLine[], change: (line: TicketLine) => TicketLine): TicketLine[] {
  const last = lines[lines.length - 1];
  return last ? [...lines.slice(0, -1), change(last)] : [...lines];
}

export function withLastQuantity(lines: readonly TicketLine[], quantity: string): TicketLine[] {
  return replaceLast(lines, ({ discount, ...line }) => {
    const kept = discount ? discountOf(discount.input, quantity, line.price) : null;
    return { ...line, quantity, ...(kept ? { discount: kept } : {}) };
  });
}

/** The last line with the discount `typed` (blank removes it); null when `typed` is no possible discount. */
export function withLastDiscount(lines: readonly TicketLine[], typed: string): TicketLine[] | null {
  const last = lines[lines.length - 1];
  if (!last) return null;
  if (typed.trim() === '') return replaceLast(lines, ({ discount: _removed, ...line }) => line);
  const discount = discountFrom(typed, last.quantity, last.price);
  return discount ? replaceLast(lines, (line) => ({ ...line, discount })) : null;
}
