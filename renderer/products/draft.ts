/**
 * The product form's values, the checks made before saving, and a CABYS code chosen from the search put
 * into the form. The checks mirror the server's (src/products/product-fields.ts), which has the last word:
 * they only say sooner, next to the field, what it would refuse.
 */
import type { CabysCode, TaxRateEntry } from '../api/types.ts';
import { readTyped, type TypedProblem } from '../shared/decimal.ts';
import type { Language } from '../i18n/store.ts';
import { defaultUnit, rateCodeOf } from '../shared/units.ts';
import type { Product, ProductInput } from './types.ts';

/** CodigoImpuesto of VAT (01 IVA, 07 special calculation, 08 used goods): the ones with a rate code. */
export const VAT_TAX_CODES: readonly string[] = ['01', '07', '08'];
/** The VAT rates a product may carry, the usual first; the transitional ones (05-07) belong to old notes only. */
export const PRODUCT_RATE_CODES = ['08', '04', '02', '03', '09', '01', '11', '10'] as const;
export const CURRENCIES = ['CRC', 'USD', 'EUR'] as const;
export const LIMITS = { code: 20, barcode: 50, description: 200 } as const;

export interface ProductDraft {
  code: string;
  barcode: string;
  description: string;
  cabys_code: string;
  /** The chosen code's words, shown beside it (not sent). */
  cabys_description: string;
  unit: string;
  /** As typed ("1500,50" or "1500.50"), read by the counter's own rules (shared/decimal.ts readTyped). */
  price: string;
  currency: string;
  /** Kept as the product has it: the screen edits only the VAT rate. */
  tax_code: string;
  tax_rate_code: string;
  is_active: boolean;
  price_includes_vat: boolean;
}

export type DraftField = 'code' | 'description' | 'cabys_code' | 'unit' | 'price' | 'tax_rate_code';
export type DraftProblem = 'required' | 'cabys' | TypedProblem;

/**
 * A new product: VAT 13 %, active, and its price with VAT or not as the shop prices (its "prices include
 * VAT" setting, on unless the shopkeeper turned it off: a Costa Rican shelf price includes VAT). The API's
 * own default stays false, the spec's before-tax price, for its existing clients.
 */
export function emptyDraft(pricesIncludeVat = true): ProductDraft {
  return {
    code: '', barcode: '', description: '', cabys_code: '', cabys_description: '', unit: '', price: '', currency: 'CRC',
    tax_code: '01', tax_rate_code: '08', is_active: true, price_includes_vat: pricesIncludeVat,
  };
}

/**
 * A saved price in the form with the language's decimal mark. Exactly three decimals get a fourth zero:
 * "1,125" would be refused as "a thousand or one?", "1,1250" is the same price and reads one way only.
 */
export function typedPrice(price: string, language: Language): string {
  const padded = /\.\d{3}$/.test(price) ? `${price}0` : price;
  return language === 'es' ? padded.replace('.', ',') : padded;
}

export function draftOf(product: Product, language: Language): ProductDraft {
  return {
    code: product.code, barcode: product.barcode ?? '', description: product.description, cabys_code: product.cabys_code, cabys_description: '',
    unit: product.unit, price: typedPrice(product.price, language), currency: product.currency, tax_code: product.tax_code,
    tax_rate_code: product.tax_rate_code ?? '', is_active: product.is_active, price_includes_vat: product.price_includes_vat,
  };
}

export const isVat = (draft: Pick<ProductDraft, 'tax_code'>) => VAT_TAX_CODES.includes(draft.tax_code);
/** Only the plain VAT (01) may be included in a price: what a document line accepts as VAT-inclusive (docs/products.md). */
export const mayIncludeVat = (draft: Pick<ProductDraft, 'tax_code'>) => draft.tax_code === '01';

/** What keeps the draft from being saved, per field; empty when it can go. */
export function draftProblems(draft: ProductDraft): Partial<Record<DraftField, DraftProblem>> {
  const problems: Partial<Record<DraftField, DraftProblem>> = {};
  for (const field of ['code', 'description', 'unit'] as const) if (draft[field].trim() === '') problems[field] = 'required';
  if (draft.cabys_code.trim() === '') problems.cabys_code = 'required';
  else if (!/^\d{13}$/.test(draft.cabys_code.trim())) problems.cabys_code = 'cabys';
  if (draft.price.trim() === '') problems.price = 'required';
  else {
    const price = readTyped(draft.price);
    if (price.problem) problems.price = price.problem;
  }
  if (isVat(draft) && draft.tax_rate_code === '') problems.tax_rate_code = 'required';
  return problems;
}

/** The ProductInput of a checked draft: trimmed, blanks as null (PUT replaces the whole product). */
export function inputOf(draft: ProductDraft): ProductInput {
  const vat = isVat(draft);
  return {
    code: draft.code.trim(),
    barcode: draft.barcode.trim() || null,
    description: draft.description.trim(),
    cabys_code: draft.cabys_code.trim(),
    unit: draft.unit.trim(),
    price: readTyped(draft.price).value ?? draft.price.trim(),
    currency: draft.currency,
    tax_code: draft.tax_code,
    tax_rate_code: vat ? draft.tax_rate_code : null,
    is_active: draft.is_active,
    price_includes_vat: mayIncludeVat(draft) && draft.price_includes_vat,
  };
}

/**
 * A CABYS code chosen from the search: its code and words, its VAT rate (the ordinary code of its
 * percentage), and the unit when the form still has none or the default of the other kind (a service code
 * wants `Sp`, goods `Unid`); a unit the shopkeeper chose (kg, L…) stays.
 */
export function applyCabys(draft: ProductDraft, hit: CabysCode, rates: readonly TaxRateEntry[]): ProductDraft {
  const unit = draft.unit === '' || draft.unit === 'Unid' || draft.unit === 'Sp' ? defaultUnit(hit.code) : draft.unit;
  const rate = isVat(draft) ? { tax_rate_code: rateCodeOf(rates, hit.tax_rate) } : {};
  return { ...draft, cabys_code: hit.code, cabys_description: hit.description_9, unit, ...rate };
}
