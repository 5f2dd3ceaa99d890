/**
 * Product shapes, derived from the server's schemas (renderer/api/schemas.ts, src/api/sections/products/schemas.ts,
 * docs/products.md).
 */
import type { ProductImportView, ProductInputView } from '../api/schemas.ts';

export type { Pagination, Product } from '../api/types.ts';

/**
 * ProductInput: PUT replaces, so the screen always sends every member (null clears); the price always as
 * decimal text (the server takes a number too).
 */
export type ProductInput = Required<Omit<ProductInputView, 'price'>> & { price: string };

/** The answer of POST /products/import. */
export type ImportReport = ProductImportView;
