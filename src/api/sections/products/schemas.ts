/**
 * Request and response schemas of /products (beyond the spec; docs/products.md). The schema checks shapes
 * and lengths; the code tables, the CABYS catalog and the price's decimals are checked by
 * products/product-fields.ts, which the CSV import shares, so both answer the same messages.
 */
import { Type } from 'typebox';
import { Envelope, Nullable, PAGE_QUERY, Pagination } from '../../schema-types.ts';
import { PRODUCT_LIMITS } from '../../../products/product-fields.ts';
import { CSV_COLUMNS, REQUIRED_CSV_COLUMNS } from '../../../products/import-products.ts';

const Price = Type.Unsafe<string | number>({
  type: ['string', 'number'],
  description: 'unit price before tax (or with VAT when price_includes_vat is true): a non-negative decimal with at most 5 decimals; send text ("1250.50") to keep it exact',
});

/** Beyond the spec (docs/products.md). */
const PRICE_INCLUDES_VAT = 'true: `price` is the shelf price with VAT included; false (default): `price` is before tax, as the spec reads a price. Only with a VAT tax_code.';

export const ProductInput = Type.Object({
  code: Type.String({ minLength: 1, maxLength: PRODUCT_LIMITS.code, description: 'internal code (CodigoComercial), unique in the organization' }),
  barcode: Type.Optional(Nullable({ type: 'string', maxLength: PRODUCT_LIMITS.barcode, description: 'what a scanner types, e.g. an EAN-13' })),
  description: Type.String({ minLength: 1, maxLength: PRODUCT_LIMITS.description, description: 'line description (Detalle)' }),
  cabys_code: Type.String({ description: '13-digit CABYS code present in the catalog' }),
  unit: Type.String({ maxLength: 20, description: 'unit of measure (UnidadMedida, case-sensitive), e.g. Unid, Kg, Sp' }),
  price: Price,
  currency: Type.Optional(Type.String({ description: 'ISO 4217 (default CRC)' })),
  tax_code: Type.Optional(Type.String({ description: 'CodigoImpuesto (default 01, VAT)' })),
  tax_rate_code: Type.Optional(Nullable({ type: 'string', description: 'CodigoTarifaIVA, e.g. 08 (13 %); required for VAT, absent otherwise' })),
  is_active: Type.Optional(Type.Boolean({ default: true })),
  price_includes_vat: Type.Optional(Type.Boolean({ default: false, description: PRICE_INCLUDES_VAT })),
}, { additionalProperties: false });

export const ProductParams = Type.Object({ id: Type.String({ description: 'product id (int64)' }) });

export const ProductListQuery = Type.Object({
  ...PAGE_QUERY,
  q: Type.Optional(Type.String({ maxLength: 100, description: 'part of the description, code, barcode or CABYS code; accents and case ignored' })),
  barcode: Type.Optional(Type.String({ minLength: 1, maxLength: PRODUCT_LIMITS.barcode, description: 'exact barcode, as a scanner types it' })),
  active: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')], { description: 'only active (true) or inactive (false) products; default both' })),
});

export const ImportBody = Type.String({
  description: `CSV (text/csv, UTF-8, comma or semicolon separated), first row the column names: ${CSV_COLUMNS.join(', ')} `
    + `(required: ${REQUIRED_CSV_COLUMNS.join(', ')}). Rows upsert by code.`,
});

export const Product = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  barcode: Nullable({ type: 'string' }),
  description: Type.String(),
  cabys_code: Type.String(),
  unit: Type.String(),
  price: Type.String({ description: 'decimal text, exact' }),
  currency: Type.String(),
  tax_code: Type.String(),
  tax_rate_code: Nullable({ type: 'string' }),
  tax_rate: Nullable({ type: 'string', description: 'VAT percentage of tax_rate_code, e.g. "13"' }),
  is_active: Type.Boolean(),
  price_includes_vat: Type.Boolean({ description: PRICE_INCLUDES_VAT }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

export const ProductReply = Envelope(Product);
export const ProductListReply = Envelope(Type.Array(Product), { pagination: Pagination });
export const ProductImportReply = Envelope(Type.Object({
  imported: Type.Integer({ description: 'rows whose code was new' }),
  updated: Type.Integer({ description: 'rows that replaced the product with their code' }),
  skipped: Type.Integer({ description: 'rows not saved, each with at least one problem' }),
  problems: Type.Array(Type.Object({
    row: Type.Integer({ description: 'row number as a spreadsheet shows it (the header is row 1)' }),
    field: Type.Optional(Type.String()),
    reason: Type.String(),
  })),
}));
