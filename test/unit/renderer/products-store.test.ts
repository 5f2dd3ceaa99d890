/** The products screen's state without a DOM: a new product's VAT default, saving, late answers, the CSV import. */
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../renderer/api/client.ts';
import type { CabysCode } from '../../../renderer/api/types.ts';
import type { ProductsApi } from '../../../renderer/products/api.ts';
import { createProductsStore } from '../../../renderer/products/store.ts';
import type { ImportReport, Product, ProductInput } from '../../../renderer/products/types.ts';

const PASTRY: CabysCode = { code: '2343000000000', description_9: 'Productos de pastelería y queques', tax_rate: 13 } as CabysCode;
const MILK: CabysCode = { code: '2211001010000', description_9: 'Leche entera', tax_rate: 1 } as CabysCode;

function product(id: number, input: Partial<ProductInput> = {}): Product {
  return {
    id, code: 'EMP-01', barcode: null, description: 'Empanada', cabys_code: PASTRY.code, unit: 'Unid', price: '1000', currency: 'CRC', tax_code: '01',
    tax_rate_code: '08', tax_rate: '13', is_active: true, price_includes_vat: true, created_at: '', updated_at: '', ...input,
  };
}

function fakeApi(options: { shopIncludesVat?: boolean } = {}) {
  const state = { saved: [] as Product[], sent: [] as ProductInput[], lists: [] as string[], refuse: null as ApiRequestError | null, report: null as ImportReport | null, held: null as (() => void) | null };
  const api = {
    async list(search: string) {
      state.lists.push(search);
      const items = state.saved.filter((p) => p.code.toLowerCase().includes(search.trim().toLowerCase()));
      const answer = { items, pagination: { current_page: 1, per_page: 50, last_page: 1, total: items.length } };
      // A search held back answers after the ones asked later.
      if (search === 'slow') await new Promise<void>((resolve) => { state.held = resolve; });
      return answer;
    },
    async create(input: ProductInput) {
      state.sent.push(input);
      if (state.refuse) throw state.refuse;
      const created = product(10 + state.saved.length, input);
      state.saved.push(created);
      return created;
    },
    replace: async (id: number, input: ProductInput) => product(id, input),
    remove: async () => null,
    async importCsv() {
      if (state.refuse) throw state.refuse;
      return state.report!;
    },
    searchCabys: async () => [PASTRY],
    cabys: async () => ({ code: PASTRY.code, description_9: PASTRY.description_9 }),
    taxRates: async () => [{ code: '08', name: 'Tarifa general 13%', rate: 13 }, { code: '02', name: 'Tarifa reducida 1%', rate: 1 }],
    organization: async () => ({ prices_include_vat: options.shopIncludesVat }),
  } as unknown as ProductsApi;
  return { api, state };
}

describe('products store', () => {
  it("starts a new product with the shop's VAT setting, and saves the shelf price as typed", async () => {
    const { api, state } = fakeApi({ shopIncludesVat: false });
    const store = createProductsStore(api);
    await store.getState().load();
    store.getState().startNew();
    expect(store.getState().draft?.price_includes_vat).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the tax rates, read when the form opens
    store.getState().setDraft({ code: 'LEC-1', description: 'Leche entera 1 L', unit: 'Unid', price: '1100,50', price_includes_vat: true });
    // The code picked brings its VAT as a rate code: 1 % is 02, not the new product's 13 %.
    store.getState().pickCabys(MILK);
    expect(store.getState().draft).toMatchObject({ cabys_code: MILK.code, tax_rate_code: '02' });
    expect(await store.getState().save()).toBe(true);
    expect(state.sent).toEqual([expect.objectContaining({ code: 'LEC-1', price: '1100.50', tax_rate_code: '02', price_includes_vat: true })]);
    expect(store.getState()).toMatchObject({ openId: 10, saved: true, items: [expect.objectContaining({ code: 'LEC-1' })] });
  });

  it('keeps a price two habits read differently from the server, and the server refusal beside its field', async () => {
    const { api, state } = fakeApi();
    const store = createProductsStore(api);
    store.getState().startNew();
    store.getState().setDraft({ code: 'EMP-01', description: 'Empanada', cabys_code: PASTRY.code, unit: 'Unid', price: '1.000' });
    expect(await store.getState().save()).toBe(false);
    expect(state.sent).toEqual([]);
    state.refuse = new ApiRequestError(422, 'validation_error', 'Datos inválidos.', { code: ['Ese código ya es de otro producto.'] });
    store.getState().setDraft({ price: '1000' });
    expect(await store.getState().save()).toBe(false);
    expect(store.getState().fieldErrors).toEqual({ code: ['Ese código ya es de otro producto.'] });
  });

  it('shows the newest search only, whatever order the answers come in', async () => {
    const { api, state } = fakeApi();
    state.saved.push(product(1), product(2, { code: 'CAF-01' }));
    const store = createProductsStore(api);
    store.getState().setSearch('slow');
    const slow = store.getState().load();
    store.getState().setSearch('caf');
    await store.getState().load();
    state.held?.();
    await slow;
    expect(store.getState().items.map((p) => p.code)).toEqual(['CAF-01']);
  });

  it("lists a file's header refusal as a list, and a report per row, then lists the products again", async () => {
    const { api, state } = fakeApi();
    const store = createProductsStore(api);
    store.getState().openImport();
    state.refuse = new ApiRequestError(422, 'validation_error', 'CSV inválido.', { header: ['Falta la columna price.', 'Falta la columna unit.'] });
    await store.getState().importCsv('code;description\n');
    expect(store.getState()).toMatchObject({ importRefused: ['Falta la columna price.', 'Falta la columna unit.'], report: null, error: null, importing: false });
    state.refuse = null;
    state.report = { imported: 2, updated: 0, skipped: 1, problems: [{ row: 4, field: 'cabys_code', reason: 'No existe.' }] };
    const lists = state.lists.length;
    await store.getState().importCsv('…');
    expect(store.getState()).toMatchObject({ importRefused: [], report: state.report, importing: false });
    expect(state.lists.length).toBe(lists + 1);
  });
});
