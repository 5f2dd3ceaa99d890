/**
 * Product shapes as the server writes them (src/api/sections/products/schemas.ts, docs/products.md); only the
 * members the screen reads.
 */
import type { Product } from '../api/types.ts';

export type { Pagination, Product } from '../api/types.ts';

/** ProductInput: PUT replaces, so the screen always sends every member (null clears). */
export type ProductInput = Omit<Product, 'id' | 'tax_rate' | 'created_at' | 'updated_at'>;

/** The answer of POST /products/import. */
export interface ImportReport {
  imported: number;
  updated: number;
  skipped: number;
  problems: { row: number; field?: string; reason: string }[];
}
