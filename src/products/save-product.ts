/**
 * Saving a product (POST /products, PUT /products/:id): the input checked by product-fields.ts (the same
 * rules as the CSV import, 422 with every problem in the request's language), then one write. The unique
 * index on (organization, code) is the arbiter of a taken code, so two concurrent saves cannot both win
 * (409 product_code_taken).
 */
import type { CabysCatalog } from '../catalogs/cabys-catalog.ts';
import type { Clock } from '../domain/clock.ts';
import { AppError, validationError } from '../domain/errors.ts';
import type { Language } from '../i18n/validation-messages.ts';
import type { Store } from '../store/database.ts';
import { insertProduct, isProductCodeConflict, replaceProduct, type ProductFields, type ProductRow } from '../store/products.ts';
import { productFields, type ProductInput } from './product-fields.ts';
import { productMessage } from './product-messages.ts';

/** What saving a product needs: the store, the clock, and the CABYS catalog a code must be in. */
export interface ProductDeps {
  store: Pick<Store, 'db'>;
  clock: Clock;
  cabys: Pick<CabysCatalog, 'has'>;
}

function checked(deps: ProductDeps, input: ProductInput, language: Language): ProductFields {
  const check = productFields(input, (code) => deps.cabys.has(code), language);
  if (check.errors) throw validationError(check.errors);
  return check.fields;
}

function unlessCodeTaken<T>(language: Language, code: string, save: () => T): T {
  try {
    return save();
  } catch (error) {
    if (isProductCodeConflict(error)) throw new AppError('product_code_taken', 409, productMessage(language, 'code_taken', { code }));
    throw error;
  }
}

export function createProduct(deps: ProductDeps, organizationId: number, input: ProductInput, language: Language): ProductRow {
  const fields = checked(deps, input, language);
  return unlessCodeTaken(language, fields.code, () => insertProduct(deps.store.db, organizationId, fields, deps.clock.now()));
}

/** Optional members not sent take their defaults; undefined when the organization has no product `id`. */
export function changeProduct(deps: ProductDeps, organizationId: number, id: number, input: ProductInput, language: Language): ProductRow | undefined {
  const fields = checked(deps, input, language);
  return unlessCodeTaken(language, fields.code, () => replaceProduct(deps.store.db, organizationId, id, fields, deps.clock.now()));
}
