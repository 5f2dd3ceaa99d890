/** Schemas of GET /products/scan/{code} (docs/tills.md, "Till settings"; the reading in products/scan-product.ts). */
import { Type } from 'typebox';
import { Envelope } from '../../schema-types.ts';
import { Product } from './schemas.ts';

export const ScanParams = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 64, description: 'what the scanner typed: a scale label (EAN-13 with a prefix 20–29 the till settings give a format), an EAN-13, or any barcode or product code' }),
});

export const ScanResult = Type.Object({
  kind: Type.Union([Type.Literal('ean'), Type.Literal('weight'), Type.Literal('price'), Type.Literal('code')], {
    description: 'weight or price: a scale label; ean: another EAN-13, found by barcode (else code); code: not an EAN-13, found by barcode (else code)',
  }),
  product: Product,
  quantity: Type.Optional(Type.String({ description: 'labels: the quantity to ring up (kg), decimal text, 3 decimals at most' })),
  amount: Type.Optional(Type.String({ description: "labels, in colones: a price label's amount; a weight label's quantity × the product's price with VAT, to the cent" })),
  unit_price: Type.Optional(Type.String({ description: "labels: the line's unit price — the product's price for a weight (absent when that price is not in colones); for a price label amount ÷ quantity (5 decimals, VAT included) so that the line's total is the label's amount" })),
  price_includes_vat: Type.Optional(Type.Boolean({ description: 'labels: whether unit_price includes VAT (send it as the line\'s price_includes_vat)' })),
});

export const ScanReply = Envelope(ScanResult);
