/**
 * Product shapes as the server writes them (src/api/routes/product-schemas.ts, docs/products.md); only the
 * members the screen reads.
 */
export type { Pagination } from '../recipients/types.ts';

export interface Product {
  id: number;
  code: string;
  barcode: string | null;
  description: string;
  cabys_code: string;
  unit: string;
  /** Decimal text, exact ("3250.5"). */
  price: string;
  currency: string;
  tax_code: string;
  tax_rate_code: string | null;
  /** VAT percentage of the rate code as decimal text ("13", "0.5"). */
  tax_rate: string | null;
  is_active: boolean;
  /** Beyond the spec: `price` is the shelf price with VAT (true) or before tax (false). */
  price_includes_vat: boolean;
  created_at: string;
  updated_at: string;
}

/** ProductInput: PUT replaces, so the screen always sends every member (null clears). */
export type ProductInput = Omit<Product, 'id' | 'tax_rate' | 'created_at' | 'updated_at'>;

/** The answer of POST /products/import. */
export interface ImportReport {
  imported: number;
  updated: number;
  skipped: number;
  problems: { row: number; field?: string; reason: string }[];
}
