/** Product rows as the API's `Product`; `tax_rate` spells out the VAT percentage of the rate code for a counter's display. */
import { IVA_RATES } from '../../../domain/codes.ts';
import type { ProductRow } from '../../../store/products.ts';

export function productView(row: ProductRow) {
  return {
    id: row.id,
    code: row.code,
    barcode: row.barcode,
    description: row.description,
    cabys_code: row.cabysCode,
    unit: row.unit,
    price: row.price,
    currency: row.currency,
    tax_code: row.taxCode,
    tax_rate_code: row.taxRateCode,
    tax_rate: row.taxRateCode === null ? null : (IVA_RATES[row.taxRateCode] ?? null),
    is_active: row.isActive,
    price_includes_vat: row.priceIncludesVat,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
