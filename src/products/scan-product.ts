/**
 * A code the counter's scanner typed, read against the shop's scale-label formats (domain/scale-label.ts)
 * and looked up to a saved, active product (GET /products/scan/{code}, docs/tills.md):
 *
 * - a **weight** label rings up its weight as the quantity (kg) at the product's own price;
 * - a **price** label rings up amount ÷ shelf price as the quantity (3 decimals, Cantidad's), and the line's
 *   unit price becomes amount ÷ that quantity (5 decimals), sent as a VAT-included price: the server then
 *   keeps the line's total at quantity × that price to the cent (docs/document-request.md), which is the
 *   label's amount to within quantity × 0.000005 — below half a cent for any quantity under 1,000;
 * - any other valid EAN-13 is a product's barcode (or else its code); anything not 13 digits too (`code`).
 *
 * The label's item code is the product's `code`, as the scale's PLU: exactly, or as the same number without
 * the leading zeros the label pads it with (store/product-lookup.ts). A barcode is never a PLU.
 */
import type { Decimal } from 'decimal.js';
import { IVA_RATES } from '../domain/codes.ts';
import { AppError } from '../domain/errors.ts';
import { Dec, HUNDRED } from '../domain/money.ts';
import { readScan } from '../domain/scale-label.ts';
import type { Db } from '../store/database.ts';
import { findActiveByBarcode, findActiveByCode, findActiveByItemCode } from '../store/product-lookup.ts';
import type { ProductRow } from '../store/products.ts';
import { readTillSettings } from '../store/till-settings.ts';

/** Cantidad's decimals (the XSD's 3): a label's weight with more is rounded to them. */
const QUANTITY_DECIMALS = 3;
const SMALLEST_QUANTITY = new Dec('0.001');

export interface ScannedProduct {
  kind: 'ean' | 'code' | 'weight' | 'price';
  product: ProductRow;
  /** weight and price labels: the line's quantity in kg (decimal text). */
  quantity?: string;
  /** weight labels: quantity × the shelf price to the cent; price labels: the label's amount. Colones. */
  amount?: string;
  /**
   * The unit price to ring the line at, and whether it includes VAT (the line's price_includes_vat); absent
   * on a weight label of a product priced in another currency (the counter asks its price).
   */
  unitPrice?: string;
  priceIncludesVat?: boolean;
}

/** The price a customer sees for one unit, in colones: VAT added to a price before tax. Undefined for another currency. */
function shelfPrice(row: ProductRow): Decimal | undefined {
  if (row.currency !== 'CRC') return undefined;
  const price = new Dec(row.price);
  const rate = row.taxRateCode === null ? undefined : IVA_RATES[row.taxRateCode];
  if (row.priceIncludesVat || rate === undefined) return price;
  return price.times(HUNDRED.plus(rate)).dividedBy(HUNDRED);
}

const text = (value: Decimal) => value.toFixed();

function labelProduct(db: Db, organizationId: number, code: string, itemCode: string): ProductRow {
  const row = findActiveByItemCode(db, organizationId, itemCode);
  if (!row) throw new AppError('product_not_found', 404, `No product has the item code ${itemCode} of the scale label ${code}.`);
  return row;
}

function weighed(row: ProductRow, quantity: Decimal): ScannedProduct {
  const shelf = shelfPrice(row);
  // A product priced in another currency has no price for a ticket in colones: the quantity alone.
  if (!shelf) return { kind: 'weight', product: row, quantity: text(quantity) };
  return { kind: 'weight', product: row, quantity: text(quantity), amount: shelf.times(quantity).toFixed(2), unitPrice: row.price, priceIncludesVat: row.priceIncludesVat };
}

function priced(row: ProductRow, amount: Decimal): ScannedProduct {
  const shelf = shelfPrice(row);
  // Without a price in colones there is nothing to divide by: one unit at the label's amount.
  const quantity = shelf && shelf.greaterThan(0) ? Dec.max(amount.dividedBy(shelf).toDecimalPlaces(QUANTITY_DECIMALS), SMALLEST_QUANTITY) : new Dec(1);
  const unitPrice = amount.dividedBy(quantity).toDecimalPlaces(5);
  return { kind: 'price', product: row, quantity: text(quantity), amount: text(amount), unitPrice: text(unitPrice), priceIncludesVat: true };
}

/** `scanned` read with the organization's scale-label formats (its till settings) and found among its products. */
export function scanProduct(db: Db, organizationId: number, scanned: string): ScannedProduct {
  const read = readScan(scanned, readTillSettings(db, organizationId).scaleFormats);
  if (read.kind === 'bad_check_digit') throw new AppError('bad_check_digit', 422, `The check digit of ${read.code} is wrong: scan it again.`);
  if (read.kind === 'weight' || read.kind === 'price') {
    const value = read.kind === 'weight' ? read.quantity.toDecimalPlaces(QUANTITY_DECIMALS) : read.amount;
    if (value.isZero()) throw new AppError('label_empty', 422, `The scale label ${scanned.trim()} carries zero: weigh the item again.`);
    const row = labelProduct(db, organizationId, scanned.trim(), read.itemCode);
    return read.kind === 'weight' ? weighed(row, value) : priced(row, value);
  }
  const row = findActiveByBarcode(db, organizationId, read.code) ?? findActiveByCode(db, organizationId, read.code);
  if (!row) throw new AppError('product_not_found', 404, `No product has the barcode or code ${read.code}.`);
  return { kind: read.kind === 'ean' ? 'ean' : 'code', product: row };
}
