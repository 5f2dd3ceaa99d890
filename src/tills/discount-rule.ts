/**
 * The cashiers' discount limit (docs/tills.md): a line whose discounts exceed `discount_limit_percent` of
 * its amount needs a supervisor. Judged on what the engine will sign, not on the body's members: each item is
 * read by the documents' own reader (documents/request/read-item.ts, combo components included), its shelf
 * price made net as issuing does, and computed by the engine (documents/build-model.ts `computeItem`); the
 * line's Descuento total is weighed against its MontoTotal (Cantidad × PrecioUnitario, a combo's price being
 * its components' when none is given). So a combo's components' discounts count, and a line without a price
 * of its own is judged on the one computed for it. Whatever the reader refuses is left to the issuing route,
 * which answers it with its field errors. Typing a lower price is not a discount (docs/tills.md).
 */
import type { DocumentTypeCode } from '../domain/document-model.ts';
import { ZERO, toDecimal, type Dec } from '../domain/money.ts';
import { computeItem } from '../documents/build-model.ts';
import { MAX_LINES } from '../documents/request/parse-request.ts';
import { FieldReader, isJson, pick } from '../documents/request/field-reader.ts';
import type { ItemInput } from '../documents/request/parsed-request.ts';
import { Problems } from '../documents/request/problems.ts';
import { readItem } from '../documents/request/read-item.ts';
import { applyVatIncluded } from '../documents/request/vat-included.ts';

/** The CABYS catalogue decides only goods or service and field errors, neither of which moves an amount. */
const ANY_CABYS = { has: () => true };

/** The items as issuing reads them, shelf prices made net; a problem found is the route's to answer. */
function readItems(body: Record<string, unknown>, type: DocumentTypeCode): ItemInput[] {
  const problems = new Problems('en');
  const r = new FieldReader(problems);
  const raw = pick(body, 'items', 'lines');
  const list = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
  // More lines than a document may hold is refused by the route; nothing to weigh.
  if (list.length > MAX_LINES) return [];
  const items = list.flatMap((entry, i) => {
    const item = isJson(entry) ? readItem(r, entry, i, { type, cabys: ANY_CABYS }) : undefined;
    return item ? [item] : [];
  });
  const commercial = pick(body, 'commercial_info');
  const pricesIncludeVat = isJson(commercial) ? r.boolean(pick(commercial, 'prices_include_vat'), 'commercial_info.prices_include_vat') : undefined;
  applyVatIncluded(problems, items, pricesIncludeVat);
  return items;
}

/** discount / amount > limit / 100, without dividing (a line of amount 0 with a discount is over any limit). */
function overLimit(item: ItemInput, limitPercent: Dec): boolean {
  const amounts = computeItem(item, false);
  if (!amounts.discountTotal.greaterThan(0)) return false;
  return amounts.discountTotal.times(100).greaterThan(amounts.amount.abs().times(limitPercent));
}

/** Whether any line of an invoice (01) or ticket (04) request discounts more than `limitPercent` of its amount. */
export function discountOverLimit(body: unknown, limitPercent: string): boolean {
  if (!isJson(body)) return false;
  const limit = toDecimal(limitPercent) ?? ZERO;
  try {
    // An invoice's lines and a ticket's are read alike: either type weighs them the same.
    return readItems(body, '01').some((item) => overLimit(item, limit));
  } catch {
    // What the engine cannot compute, issuing refuses (or fails) the same way: not the gate's to answer.
    return false;
  }
}
