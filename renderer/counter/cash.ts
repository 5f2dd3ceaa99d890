/** Cash tendered and the change due, exact on decimal text (decimal.ts): change = received − total. */
import { isDecimal, subtract } from './decimal.ts';

/** The amount received as typed ("20000", "20 000", "20000,50"), as decimal text; null when it is not one. */
export function readTendered(typed: string): string | null {
  const text = typed.replace(/[\s₡]/g, '').replace(',', '.');
  return /^\d{1,13}(\.\d{1,5})?$/.test(text) ? text : null;
}

/** received − total: positive is change to hand back, negative is what is still missing. */
export function changeDue(tendered: string | null, total: string | null): string | null {
  if (tendered === null || total === null || !isDecimal(total)) return null;
  return subtract(tendered, total);
}
