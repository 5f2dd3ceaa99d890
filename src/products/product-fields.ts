/**
 * A product as sent (JSON body or CSV row) -> the columns of a product, with the engine's own rules so a
 * saved product is always usable on a document line: the CABYS code exists in the shipped catalog and
 * agrees with the unit (service units need a service code), unit, tax and currency come from the v4.4 code
 * tables, and the price is a non-negative decimal of at most 5 decimals (DecimalDineroType), never a float.
 * Problems are returned, not thrown, so that the CSV import can report them per row; they are written in
 * the request's language (product-messages.ts).
 */
import { currencies, ivaRateCodes, taxCodes, TRANSITIONAL_RATE_CODES, unitCabysMismatch, units } from '../domain/codes.ts';
import { VAT_TAX_CODES } from '../domain/line-totals.ts';
import { MAX_MONEY, MONEY_DECIMALS, toDecimal } from '../domain/money.ts';
import type { Language } from '../i18n/validation-messages.ts';
import type { ProductFields } from '../store/products.ts';
import { productMessage, type ProductMessageKey } from './product-messages.ts';

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
  price_includes_vat?: unknown;
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
  constructor(private readonly language: Language) {}
  add(field: string, key: ProductMessageKey, params: Record<string, string | number> = {}): undefined {
    (this.errors[field] ??= []).push(productMessage(this.language, key, params));
    return undefined;
  }
  get any(): boolean {
    return Object.keys(this.errors).length > 0;
  }
}

function required(p: Problems, input: ProductInput, field: keyof ProductInput, max: number): string | undefined {
  const value = text(input[field]);
  if (value === undefined) return p.add(field, 'required');
  return value.length > max ? p.add(field, 'max_length', { max }) : value;
}

/** Price: decimal text or a JSON number read through its shortest text (money.ts), 0 to 13.5 digits. */
function price(p: Problems, value: unknown): string | undefined {
  if (text(value) === undefined) return p.add('price', 'required');
  const amount = toDecimal(typeof value === 'string' ? value.trim() : value);
  if (!amount) return p.add('price', 'price_format');
  if (amount.isNegative()) return p.add('price', 'price_negative');
  if (amount.decimalPlaces() > MONEY_DECIMALS) return p.add('price', 'price_decimals', { max: MONEY_DECIMALS });
  if (amount.greaterThan(MAX_MONEY)) return p.add('price', 'price_max', { max: MAX_MONEY.toFixed() });
  return amount.toFixed();
}

function cabys(p: Problems, value: string | undefined, unit: string | undefined, hasCabys: (code: string) => boolean): void {
  if (value === undefined) return;
  if (!/^[0-9]{13}$/.test(value)) return void p.add('cabys_code', 'cabys_format');
  if (!hasCabys(value)) return void p.add('cabys_code', 'cabys_unknown', { code: value });
  const mismatch = unitCabysMismatch(unit, value);
  if (mismatch === 'needs_service') p.add('unit', 'unit_needs_goods', { unit: unit ?? '' });
  if (mismatch === 'needs_goods') p.add('unit', 'unit_needs_service', { unit: unit ?? '' });
}

/** VAT (01, 07, 08) needs its rate code; other taxes have none. Transitional rates are for old notes only. */
function taxRateCode(p: Problems, taxCode: string | undefined, value: string | undefined): string | null | undefined {
  if (taxCode === undefined) return undefined;
  if (!VAT_TAX_CODES.has(taxCode)) return value === undefined ? null : p.add('tax_rate_code', 'rate_not_vat', { code: taxCode });
  if (value === undefined) return p.add('tax_rate_code', 'rate_required');
  if (!Object.hasOwn(ivaRateCodes.codes, value)) return p.add('tax_rate_code', 'rate_unknown', { code: value });
  if ((TRANSITIONAL_RATE_CODES as readonly string[]).includes(value)) return p.add('tax_rate_code', 'rate_transitional');
  return value;
}

/**
 * Whether `price` is the shelf price with VAT; absent means false, the price before tax as the spec reads a
 * price, so clients that never heard of the flag keep their meaning. Only the plain VAT (01) is included
 * in a price: that is what a document line accepts as VAT-inclusive (docs/products.md), so a saved
 * product stays usable on one.
 */
function priceIncludesVat(p: Problems, taxCode: string | undefined, value: unknown): boolean | undefined {
  const flag = boolean(value);
  if (flag === 'invalid') return p.add('price_includes_vat', 'boolean');
  if (flag === true && taxCode !== undefined && taxCode !== DEFAULT_TAX_CODE) return p.add('price_includes_vat', 'includes_vat_not_plain_vat', { code: taxCode });
  return flag;
}

/** `language`: the request's, for the messages. */
export function productFields(input: ProductInput, hasCabys: (code: string) => boolean, language: Language): ProductCheck {
  const p = new Problems(language);
  const code = required(p, input, 'code', PRODUCT_LIMITS.code);
  const barcode = text(input.barcode);
  if (barcode !== undefined && !/^[\x21-\x7e]+$/.test(barcode)) p.add('barcode', 'barcode');
  if (barcode !== undefined && barcode.length > PRODUCT_LIMITS.barcode) p.add('barcode', 'max_length', { max: PRODUCT_LIMITS.barcode });
  const description = required(p, input, 'description', PRODUCT_LIMITS.description);
  let unit = required(p, input, 'unit', 20);
  // UnidadMedida is case-sensitive (Cm comisiones, cm centímetro): no case folding here.
  if (unit !== undefined && !Object.hasOwn(units.codes, unit)) unit = p.add('unit', 'unit_unknown', { unit });
  const cabysCode = required(p, input, 'cabys_code', 13);
  cabys(p, cabysCode, unit, hasCabys);
  const amount = price(p, input.price);
  const currency = (text(input.currency) ?? DEFAULT_CURRENCY).toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency) || !Object.hasOwn(currencies.codes, currency)) p.add('currency', 'currency_unknown', { currency });
  let taxCode: string | undefined = text(input.tax_code) ?? DEFAULT_TAX_CODE;
  if (!Object.hasOwn(taxCodes.codes, taxCode)) taxCode = p.add('tax_code', 'tax_code_unknown', { code: taxCode });
  const rateCode = taxRateCode(p, taxCode, text(input.tax_rate_code));
  const isActive = boolean(input.is_active);
  if (isActive === 'invalid') p.add('is_active', 'boolean');
  const includesVat = priceIncludesVat(p, taxCode, input.price_includes_vat);
  if (p.any) return { errors: p.errors };
  return {
    fields: {
      code: code!, barcode: barcode ?? null, description: description!, cabysCode: cabysCode!, unit: unit!, price: amount!,
      currency, taxCode: taxCode!, taxRateCode: rateCode ?? null, isActive: isActive !== false, priceIncludesVat: includesVat === true,
    },
  };
}
