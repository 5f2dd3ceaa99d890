/** Cash tendered and the change due, exact on decimal text (decimal.ts): change = received − total. */
import { compare, isDecimal, subtract, typedValue } from '../shared/decimal.ts';

/** The amount received as typed ("20000", "20 000", "20000,50"), as decimal text; null when it is not one (readTyped). */
export function readTendered(typed: string): string | null {
  return typedValue(typed);
}

/** received − total: positive is change to hand back, negative is what is still missing. */
export function changeDue(tendered: string | null, total: string | null): string | null {
  if (tendered === null || total === null || !isDecimal(total)) return null;
  return subtract(tendered, total);
}

/** What is missing when the cash received (typed, readable) does not cover the total: the cashier confirms before issuing. */
export function shortfall(tendered: string | null, total: string | null): string | null {
  const change = changeDue(tendered, total);
  return change !== null && compare(change, '0') < 0 ? change.slice(1) : null;
}
