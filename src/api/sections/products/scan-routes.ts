/**
 * GET /products/scan/{code} (docs/tills.md): what the counter's scanner typed, read against the shop's
 * scale-label formats (till settings) and found among its active products — a weight or price label with
 * the quantity and amount to ring up, or an ordinary barcode. 422 bad_check_digit (scan again), 422
 * label_empty, 404 product_not_found. `products:read`.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Store } from '../../../store/database.ts';
import { scanProduct } from '../../../products/scan-product.ts';
import { ok } from '../../envelope.ts';
import { requireOrganization } from '../../route-config.ts';
import { ScanParams, ScanReply } from './scan-schemas.ts';
import { productView } from './views.ts';

const READ = { key: 'organization', abilities: ['products:read'] } as const;

export interface ProductScanDependencies {
  store: Pick<Store, 'db'>;
}

export const productScanRoutes: RoutePlugin<ProductScanDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/products/scan/:code', {
    config: READ,
    schema: { tags: ['products'], summary: 'A scanned code: a scale label (weight or price) or a barcode, to its product and the quantity to ring up', params: ScanParams, response: { 200: ScanReply } },
  }, async (request) => {
    const scanned = scanProduct(deps.store.db, requireOrganization(request).organization.id, request.params.code);
    const { product, unitPrice, priceIncludesVat, ...rest } = scanned;
    return ok({
      ...rest, product: productView(product),
      ...(unitPrice !== undefined ? { unit_price: unitPrice } : {}),
      ...(priceIncludesVat !== undefined ? { price_includes_vat: priceIncludesVat } : {}),
    });
  });
};
