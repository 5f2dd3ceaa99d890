/**
 * Prices with VAT included (beyond the spec, docs/document-request.md): `commercial_info.prices_include_vat`
 * for the whole request and `items[].price_includes_vat` per line, which wins. The spec's `price` is before
 * tax, and so it stays for every client that does not say otherwise; a flagged line's price and discounts
 * are the shelf's, with VAT, and become the net PrecioUnitario and MontoDescuento here (domain/
 * vat-included-price.ts), before the rule catalogue sees the line, so every rule judges what will be signed.
 */
import { netFromShelf } from '../../domain/vat-included-price.ts';
import { vatRate } from '../../domain/tax-amounts.ts';
import type { ItemInput, TaxRequest } from './parsed-request.ts';
import type { Problems } from './problems.ts';

/** Discount 02: the goods are given but the customer pays their VAT, which no shelf price includes. */
const VAT_CHARGED_TO_CUSTOMER = '02';

/**
 * The line's VAT when it is a plain VAT line, the only kind whose shelf price has one meaning: one tax, VAT
 * 01 (not 07's edited base nor 08's factor), no exoneration, no factory VAT, no combo, no 02 gift.
 */
function plainVat(item: ItemInput): TaxRequest | undefined {
  const [vat, ...others] = item.taxes;
  if (!vat || others.length > 0 || vat.code !== '01') return undefined;
  if (vat.taxableBase !== undefined || vat.assumed !== undefined || vat.exoneration || item.exoneration) return undefined;
  if (item.ivaChargedAtFactory !== undefined || item.assortment.length > 0) return undefined;
  return item.discounts.some((d) => d.code === VAT_CHARGED_TO_CUSTOMER) ? undefined : vat;
}

/** Turns the flagged items' shelf prices and discounts into net ones, in place; refuses a line that cannot be. */
export function applyVatIncluded(problems: Problems, items: ItemInput[], pricesIncludeVat: boolean | undefined): void {
  for (const item of items) {
    if (!(item.priceIncludesVat ?? pricesIncludeVat)) continue;
    const vat = plainVat(item);
    if (!vat) {
      problems.add(`${item.path}.price_includes_vat`, 'vat_included_plain_line');
      continue;
    }
    const rate = vatRate(vat);
    // A missing or refused price, or a VAT without a usable rate, is reported where it was read.
    if (item.unitPrice === undefined || rate === undefined) continue;
    const net = netFromShelf({ quantity: item.quantity, price: item.unitPrice, discounts: item.discounts, vat, rate });
    item.unitPrice = net.unitPrice;
    item.discounts = net.discounts;
  }
}
