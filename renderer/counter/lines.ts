/**
 * The ticket's lines as values: adding one, changing the last one's quantity or discount. Pure, so the
 * store stays a thin layer of state over them. A percentage discount follows its line's quantity; an
 * amount that no longer fits the line is dropped rather than sent to be refused.
 */
import { discountFrom } from './discount.ts';
import type { TicketLine } from './ticket-request.ts';

/** `3*cafe` -> quantity 3, text "cafe"; anything else quantity 1. */
export function splitQuantity(query: string): { quantity: string; text: string } {
  const m = /^\s*(\d{1,6}(?:\.\d{1,3})?)\s*\*\s*(.*)$/.exec(query);
  return m ? { quantity: m[1]!, text: m[2]!.trim() } : { quantity: '1', text: query.trim() };
}

/** `3*` alone: a new quantity for the last line (scan, then `3*` Enter). Zero is no quantity. */
export function quantityOnly(query: string): string | null {
  const { quantity, text } = splitQuantity(query);
  return text === '' && /\*/.test(query) && /[1-9]/.test(quantity) ? quantity : null;
}

function replaceLast(lines: readonly TicketLine[], change: (line: TicketLine) => TicketLine): TicketLine[] {
  const last = lines[lines.length - 1];
  return last ? [...lines.slice(0, -1), change(last)] : [...lines];
}

export function withLastQuantity(lines: readonly TicketLine[], quantity: string): TicketLine[] {
  return replaceLast(lines, ({ discount, ...line }) => {
    const kept = discount ? discountFrom(discount.input, quantity, line.price) : null;
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
