/**
 * Saved products of the key's organization (beyond the spec, for the counter; docs/products.md): paginated
 * list with search and exact barcode lookup, create, view, replace, delete, and a CSV import with a per-row
 * report. `products:read` to read, `products:write` to change. Another organization's product is answered
 * exactly like a missing one (404 product_not_found). Messages in the request's language (Accept-Language).
 * The checks of a saved product are products/save-product.ts's; the CSV import's, products/import-products.ts's.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Clock } from '../../../domain/clock.ts';
import { AppError } from '../../../domain/errors.ts';
import type { CabysCatalog } from '../../../catalogs/cabys-catalog.ts';
import type { Store } from '../../../store/database.ts';
import { validationError } from '../../errors.ts';
import { ok, pageParams, pagination } from '../../envelope.ts';
import { languageOf } from '../../request-language.ts';
import { requireOrganization } from '../../route-config.ts';
import { productView } from './views.ts';
import {
  ImportBody, ProductImportReply, ProductInput, ProductListQuery, ProductListReply, ProductParams, ProductReply,
} from './schemas.ts';
import { NullDataReply } from '../../schema-types.ts';
import { changeProduct, createProduct } from '../../../products/save-product.ts';
import { CsvHeaderError, importProductsCsv } from '../../../products/import-products.ts';
import { productMessage } from '../../../products/product-messages.ts';
import type { Language } from '../../../i18n/validation-messages.ts';
import { deleteProduct, getProduct, listProducts, type ProductRow } from '../../../store/products.ts';

const READ = { key: 'organization', abilities: ['products:read'] } as const;
const WRITE = { key: 'organization', abilities: ['products:write'] } as const;
const CSV_TYPES = ['text/csv', 'application/csv'];
/** A catalogue of tens of thousands of rows; beyond it, import in parts. */
const CSV_BODY_LIMIT = 16 * 1024 * 1024;

const notFound = (language: Language, id: string) => new AppError('product_not_found', 404, productMessage(language, 'not_found', { id }));

function product(row: ProductRow | undefined, language: Language, id: string): ProductRow {
  if (!row) throw notFound(language, id);
  return row;
}

/** Path ids that cannot be a product id become 0, which no row has: not found, no 422 for a URL. */
function productId(raw: string): number {
  return /^[1-9][0-9]{0,14}$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : 0;
}

/** What the products section uses: the store, the clock, and the CABYS catalog codes are checked against. */
export interface ProductDependencies {
  store: Store;
  clock: Clock;
  cabys: Pick<CabysCatalog, 'has'>;
}

export const productRoutes: RoutePlugin<ProductDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['products'];
  const db = deps.store.db;
  // Only this plugin reads CSV bodies; the text goes to the import as it is.
  app.addContentTypeParser(CSV_TYPES, { parseAs: 'string', bodyLimit: CSV_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.get('/products', {
    config: READ,
    schema: { tags, summary: 'Products by description, paginated; search with `q`, or find a scanned `barcode`', querystring: ProductListQuery, response: { 200: ProductListReply } },
  }, async (request) => {
    const { organization } = requireOrganization(request);
    const { page, perPage } = pageParams(request.query);
    const { q, barcode, active } = request.query;
    const query = { search: q?.trim() || undefined, barcode: barcode?.trim(), active: active === undefined ? undefined : active === 'true' };
    const { rows, total } = listProducts(db, organization.id, { ...query, limit: perPage, offset: (page - 1) * perPage });
    return { ...ok(rows.map(productView)), pagination: pagination(page, perPage, total) };
  });

  app.post('/products', {
    config: WRITE,
    schema: { tags, summary: 'Save a product', body: ProductInput, response: { 201: ProductReply } },
  }, async (request, reply) => {
    const { organization } = requireOrganization(request);
    const row = createProduct(deps, organization.id, request.body, languageOf(request));
    return reply.code(201).send(ok(productView(row), 'Product created.'));
  });

  app.post('/products/import', {
    config: WRITE,
    bodyLimit: CSV_BODY_LIMIT,
    schema: {
      tags,
      summary: 'Import products from CSV (the body, text/csv): row by row, upsert by code, a report of the rows skipped',
      consumes: CSV_TYPES,
      body: ImportBody,
      response: { 200: ProductImportReply },
    },
  }, async (request) => {
    const { organization } = requireOrganization(request);
    try {
      const result = importProductsCsv(deps.store, organization.id, request.body, (code) => deps.cabys.has(code), deps.clock.now(), languageOf(request));
      return ok(result, `${result.imported} imported, ${result.updated} updated, ${result.skipped} skipped.`, deps.clock.now());
    } catch (error) {
      if (error instanceof CsvHeaderError) throw validationError({ header: error.errors });
      throw error;
    }
  });

  app.get('/products/:id', {
    config: READ,
    schema: { tags, summary: 'One product', params: ProductParams, response: { 200: ProductReply } },
  }, async (request) => {
    const { organization } = requireOrganization(request);
    return ok(productView(product(getProduct(db, organization.id, productId(request.params.id)), languageOf(request), request.params.id)));
  });

  app.put('/products/:id', {
    config: WRITE,
    schema: { tags, summary: 'Replace a product (optional members not sent take their defaults)', params: ProductParams, body: ProductInput, response: { 200: ProductReply } },
  }, async (request) => {
    const { organization } = requireOrganization(request);
    const language = languageOf(request);
    const row = changeProduct(deps, organization.id, productId(request.params.id), request.body, language);
    return ok(productView(product(row, language, request.params.id)), 'Product updated.');
  });

  app.delete('/products/:id', {
    config: WRITE,
    schema: { tags, summary: 'Delete a product (issued documents keep their own copy of each line)', params: ProductParams, response: { 200: NullDataReply } },
  }, async (request) => {
    const { organization } = requireOrganization(request);
    if (!deleteProduct(db, organization.id, productId(request.params.id))) throw notFound(languageOf(request), request.params.id);
    return ok(null, 'Product deleted.');
  });
};
