/**
 * A product as sent (JSON body or CSV row) -> the columns of a product, with the engine's own rules so a
 * saved product is always usable on a document line: the CABYS code exists in the shipped catalog and
 * agrees with the unit (service units need a service code), unit, tax and currency come from the v4.4 code
 * tables, and the price is a non-negative decimal of at most 5 decimals (DecimalDineroType), never a float.
 * Problems are returned, not thrown, so that the CSV import can report them per row.
 */
import { currencies, ivaRateCodes, taxCodes, TRANSITIONAL_RATE_CODES, unitCabysMismatch, units } from '../domain/codes.ts';
import { VAT_TAX_CODES } from '../domain/line-totals.ts';
import { MAX_MONEY, MONEY_DECIMALS, toDecimal } from '../domain/money.ts';
import type { ProductFields } from '../store/products.ts';

/** Members of ProductInput (spec-style snake_case); also the column names of the CSV import. */
export interface ProductInput {
  code?: unknown;
  barcode?: unknown;
  description?: unknown;
  cabys_code?: unknown;
  unit?: unknown;
  price?: unknown;
  currency?: unknown;
  tax_code?: unknown;
  tax_rate_code?: unknown;
  is_active?: unknown;
}

export const PRODUCT_LIMITS = { code: 20, barcode: 50, description: 200 } as const;
export const DEFAULT_CURRENCY = 'CRC';
/** CodigoImpuesto 01, IVA: what nearly every product of a Costa Rican shop carries. */
export const DEFAULT_TAX_CODE = '01';

export type FieldErrors = Record<string, string[]>;
export type ProductCheck = { fields: ProductFields; errors?: undefined } | { fields?: undefined; errors: FieldErrors };

/** Blank is absent: a CSV cell and an empty JSON string mean the same. */
function text(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function boolean(value: unknown): boolean | undefined | 'invalid' {
  if (value === undefined || value === null || typeof value === 'boolean') return value ?? undefined;
  const t = text(value)?.toLowerCase();
  if (t === undefined) return undefined;
  if (['true', '1', 'yes', 'si', 'sí'].includes(t)) return true;
  if (['false', '0', 'no'].includes(t)) return false;
  return 'invalid';
}

class Problems {
  readonly errors: FieldErrors = {};
  add(field: string, message: string): undefined {
    (this.errors[field] ??= []).push(message);
    return undefined;
  }
  get any(): boolean {
    return Object.keys(this.errors).length > 0;
  }
}

function required(p: Problems, input: ProductInput, field: keyof ProductInput, max: number): string | undefined {
  const value = text(input[field]);
  if (value === undefined) return p.add(field, 'This field is required.');
  return value.length > max ? p.add(field, `At most ${max} characters.`) : value;
}

/** Price: decimal text or a JSON number read through its shortest text (money.ts), 0 to 13.5 digits. */
function price(p: Problems, value: unknown): string | undefined {
  if (text(value) === undefined) return p.add('price', 'This field is required.');
  const amount = toDecimal(typeof value === 'string' ? value.trim() : value);
  if (!amount) return p.add('price', 'Must be a decimal number such as 1500 or 1250.50 (a dot before the decimals).');
  if (amount.isNegative()) return p.add('price', 'Must not be negative.');
  if (amount.decimalPlaces() > MONEY_DECIMALS) return p.add('price', `At most ${MONEY_DECIMALS} decimals.`);
  if (amount.greaterThan(MAX_MONEY)) return p.add('price', `At most ${MAX_MONEY.toFixed()}.`);
  return amount.toFixed();
}

function cabys(p: Problems, value: string | undefined, unit: string | undefined, hasCabys: (code: string) => boolean): void {
  if (value === undefined) return;
  if (!/^[0-9]{13}$/.test(value)) return void p.add('cabys_code', 'Must be a CABYS code of 13 digits.');
  if (!hasCabys(value)) return void p.add('cabys_code', `CABYS code ${value} is not in the catalog.`);
  const mismatch = unitCabysMismatch(unit, value);
  if (mismatch === 'needs_service') p.add('unit', `Unit ${unit} is for services; the CABYS code is of goods (first digit 0 to 4).`);
  if (mismatch === 'needs_goods') p.add('unit', `Unit ${unit} is for goods; the CABYS code is of a service (first digit 5 to 9).`);
}

/** VAT (01, 07, 08) needs its rate code; other taxes have none. Transitional rates are for old notes only. */
function taxRateCode(p: Problems, taxCode: string | undefined, value: string | undefined): string | null | undefined {
  if (taxCode === undefined) return undefined;
  if (!VAT_TAX_CODES.has(taxCode)) return value === undefined ? null : p.add('tax_rate_code', `Only VAT (tax_code 01, 07, 08) has a rate code; tax_code ${taxCode} does not.`);
  if (value === undefined) return p.add('tax_rate_code', 'Required with a VAT tax_code: the rate code, e.g. 08 (13 %).');
  if (!Object.hasOwn(ivaRateCodes.codes, value)) return p.add('tax_rate_code', `Unknown VAT rate code ${value} (01 to 11).`);
  if ((TRANSITIONAL_RATE_CODES as readonly string[]).includes(value)) return p.add('tax_rate_code', 'Transitional rates (05 to 07) apply only to notes correcting older sales, not to a product.');
  return value;
}

export function productFields(input: ProductInput, hasCabys: (code: string) => boolean): ProductCheck {
  const p = new Problems();
  const code = required(p, input, 'code', PRODUCT_LIMITS.code);
  const barcode = text(input.barcode);
  if (barcode !== undefined && !/^[\x21-\x7e]+$/.test(barcode)) p.add('barcode', 'Letters, digits and symbols only, no spaces.');
  if (barcode !== undefined && barcode.length > PRODUCT_LIMITS.barcode) p.add('barcode', `At most ${PRODUCT_LIMITS.barcode} characters.`);
  const description = required(p, input, 'description', PRODUCT_LIMITS.description);
  let unit = required(p, input, 'unit', 20);
  // UnidadMedida is case-sensitive (Cm comisiones, cm centímetro): no case folding here.
  if (unit !== undefined && !Object.hasOwn(units.codes, unit)) unit = p.add('unit', `Unknown unit of measure ${unit} (UnidadMedida, e.g. Unid, kg, Sp).`);
  const cabysCode = required(p, input, 'cabys_code', 13);
  cabys(p, cabysCode, unit, hasCabys);
  const amount = price(p, input.price);
  const currency = (text(input.currency) ?? DEFAULT_CURRENCY).toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency) || !Object.hasOwn(currencies.codes, currency)) p.add('currency', `Unknown currency ${currency} (ISO 4217, e.g. CRC, USD).`);
  let taxCode: string | undefined = text(input.tax_code) ?? DEFAULT_TAX_CODE;
  if (!Object.hasOwn(taxCodes.codes, taxCode)) taxCode = p.add('tax_code', `Unknown tax code ${taxCode} (CodigoImpuesto, e.g. 01 VAT).`);
  const rateCode = taxRateCode(p, taxCode, text(input.tax_rate_code));
  const isActive = boolean(input.is_active);
  if (isActive === 'invalid') p.add('is_active', 'Must be true or false.');
  if (p.any) return { errors: p.errors };
  return {
    fields: {
      code: code!, barcode: barcode ?? null, description: description!, cabysCode: cabysCode!, unit: unit!, price: amount!,
      currency, taxCode: taxCode!, taxRateCode: rateCode ?? null, isActive: isActive !== false,
    },
  };
}
