/**
 * The head office's products and customers (the API's Product and Recipient shapes) as the till's store
 * fields. The head office checked them when they were saved there; here only their shape is checked, and an
 * entry that does not fit (a head office of another version, say) is skipped rather than stopping the pull.
 */
import type { ProductFields } from '../../store/products.ts';
import type { RecipientFields } from '../../store/recipients.ts';

type Wire = Record<string, unknown>;

const text = (w: Wire, key: string): string | undefined => (typeof w[key] === 'string' && (w[key] as string).length > 0 ? (w[key] as string) : undefined);
const optional = (w: Wire, key: string): string | null => (typeof w[key] === 'string' ? (w[key] as string) : null);
const flag = (w: Wire, key: string, fallback: boolean): boolean => (typeof w[key] === 'boolean' ? (w[key] as boolean) : fallback);

/** Decimal text, as money is everywhere (never a float). */
const DECIMAL = /^\d{1,18}(\.\d{1,5})?$/;

export function incomingProduct(w: Wire): ProductFields | undefined {
  const code = text(w, 'code');
  const description = text(w, 'description');
  const cabysCode = text(w, 'cabys_code');
  const unit = text(w, 'unit');
  const price = text(w, 'price');
  const taxCode = text(w, 'tax_code');
  if (!code || !description || !cabysCode || !unit || !price || !DECIMAL.test(price) || !taxCode) return undefined;
  return {
    code,
    barcode: optional(w, 'barcode'),
    description,
    cabysCode,
    unit,
    price,
    currency: text(w, 'currency') ?? 'CRC',
    taxCode,
    taxRateCode: optional(w, 'tax_rate_code'),
    isActive: flag(w, 'is_active', true),
    priceIncludesVat: flag(w, 'price_includes_vat', false),
  };
}

export function incomingCustomer(w: Wire): RecipientFields | undefined {
  const name = text(w, 'name');
  const identificationType = text(w, 'identification_type');
  const identificationNumber = text(w, 'identification_number');
  if (!name || !identificationType || !identificationNumber) return undefined;
  return {
    name,
    commercialName: optional(w, 'commercial_name'),
    identificationType,
    identificationNumber,
    isForeign: flag(w, 'is_foreign', false),
    countryCode: optional(w, 'country_code'),
    province: optional(w, 'province'),
    canton: optional(w, 'canton'),
    district: optional(w, 'district'),
    neighborhood: optional(w, 'neighborhood'),
    otherAddress: optional(w, 'other_address'),
    email: optional(w, 'email'),
    phone: optional(w, 'phone'),
    fax: optional(w, 'fax'),
    notes: optional(w, 'notes'),
  };
}
