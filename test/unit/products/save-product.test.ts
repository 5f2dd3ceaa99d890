/**
 * Saving a product on a real store: the input checked against the code tables and the CABYS catalog (422
 * with every problem, nothing written), a taken code refused as 409 by the unique index, and a replace of
 * another organization's product answered as missing.
 */
import { describe, expect, it } from 'vitest';
import { CabysCatalog } from '../../../src/catalogs/cabys-catalog.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { changeProduct, createProduct } from '../../../src/products/save-product.ts';
import { getProduct, listProducts } from '../../../src/store/products.ts';
import { useCaseFixture } from '../organizations/store-fixture.ts';

const COFFEE = '2391102010200'; // Café tostado, molido (goods)
const MILK = '2211001010000'; // Leche líquida (goods)

const fx = useCaseFixture();
const deps = { ...fx, cabys: new CabysCatalog([{ code: COFFEE, taxRate: '1', description: 'Café' }, { code: MILK, taxRate: '1', description: 'Leche' }]) };
const coffee = { code: 'CAF-500', description: 'Café molido 500 g', cabys_code: COFFEE, unit: 'Unid', price: '3250.50', tax_rate_code: '02' };

async function refusal(run: () => unknown): Promise<AppError> {
  const error = await Promise.resolve().then(run).then(() => undefined, (e: unknown) => e);
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('createProduct and changeProduct', () => {
  it('stores the checked fields, the price as exact decimal text', () => {
    const organization = fx.organization();
    const row = createProduct(deps, organization.id, coffee, 'en');
    expect(row).toMatchObject({ code: 'CAF-500', cabysCode: COFFEE, price: '3250.5', currency: 'CRC', taxCode: '01', taxRateCode: '02', isActive: true });
    expect(getProduct(fx.store.db, organization.id, row.id)).toEqual(row);
  });

  it('refuses a code missing from the CABYS catalog in the request language, writing nothing', async () => {
    const organization = fx.organization();
    const error = await refusal(() => createProduct(deps, organization.id, { ...coffee, cabys_code: '9999999999999' }, 'es'));
    expect(error).toMatchObject({ code: 'validation_error', status: 422 });
    expect(Object.keys(error.options.fieldErrors ?? {})).toEqual(['cabys_code']);
    expect(listProducts(fx.store.db, organization.id, { limit: 10, offset: 0 }).total).toBe(0);
  });

  it('answers 409 product_code_taken for a code the organization already uses, on create and on replace', async () => {
    const organization = fx.organization();
    createProduct(deps, organization.id, coffee, 'en');
    const milk = createProduct(deps, organization.id, { ...coffee, code: 'LEC-1', cabys_code: MILK }, 'en');
    expect(await refusal(() => createProduct(deps, organization.id, coffee, 'en'))).toMatchObject({ code: 'product_code_taken', status: 409 });
    expect(await refusal(() => changeProduct(deps, organization.id, milk.id, coffee, 'en'))).toMatchObject({ code: 'product_code_taken', status: 409 });
    // Another organization may use the same code.
    expect(createProduct(deps, fx.organization().id, coffee, 'en').code).toBe('CAF-500');
  });

  it('replaces a product of its organization only', () => {
    const owner = fx.organization();
    const row = createProduct(deps, owner.id, coffee, 'en');
    expect(changeProduct(deps, fx.organization().id, row.id, { ...coffee, price: '1' }, 'en')).toBeUndefined();
    fx.clock.at = new Date('2026-11-26T12:00:00Z');
    const changed = changeProduct(deps, owner.id, row.id, { ...coffee, price: '3300' }, 'en');
    expect(changed).toMatchObject({ id: row.id, price: '3300', updatedAt: '2026-11-26T12:00:00.000Z' });
  });
});
