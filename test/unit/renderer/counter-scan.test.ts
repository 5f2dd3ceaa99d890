/**
 * The counter's Enter on 13 digits (renderer/counter/scanning.ts): a scale label rings up with the server's
 * quantity and unit price; a code the server refuses goes on to the search when the search has something (a
 * CABYS code typed is never "scan again"), and shows the refusal when it has nothing; a weighed product
 * without a price in colones asks its price and keeps the weight; other answers
 * (an ordinary EAN, no products:read) leave it to the search. The ticket issues on this PC's till.
 */
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../renderer/api/client.ts';
import type { ScanView } from '../../../renderer/api/schemas.ts';
import type { CounterOrganization } from '../../../renderer/counter/api.ts';
import { createCounterStore } from '../../../renderer/counter/store.ts';
import { useTill } from '../../../renderer/shared/till.ts';

type StoreApi = Parameters<typeof createCounterStore>[0] & object;

const ADDRESS = { province: '1', canton: '01', district: '01', details: 'Avenida 7' };
const ORG: CounterOrganization = {
  uuid: 'u', name: 'Abastecedor', legal_name: 'Abastecedor S.A.', identification_type: '02', identification_number: '3101123456',
  email: 'caja@abastecedor.example.cr', phone: null, economic_activities: ['620100'], default_environment: 'staging', address: ADDRESS,
};
const CHEESE = {
  id: 7, code: '00427', barcode: null, description: 'Queso Turrialba', cabys_code: '2391102010200', unit: 'Kg', price: '4500', currency: 'CRC',
  tax_code: '01', tax_rate_code: '08', tax_rate: '13', is_active: true, price_includes_vat: true, created_at: '', updated_at: '',
};
const CABYS = { code: '2100427007343', description_9: 'Un código CABYS', tax_rate: 13 };

function storeAnswering(scan: (code: string) => Promise<ScanView>, cabys: typeof CABYS[] = []) {
  const issued: unknown[] = [];
  const api: StoreApi = {
    organization: async () => ORG,
    saveAddress: async () => ORG,
    taxRates: async () => [{ code: '08', name: '13%', rate: 13 }],
    searchProducts: async () => [],
    searchCabys: async () => cabys,
    issue: async (body) => {
      issued.push(body);
      return { id: 1, document_key: '5'.repeat(50), consecutive_number: '0'.repeat(20), document_type: '04', document_type_name: 'Tiquete', environment: 'staging', status: 'processing', queued_at: '' };
    },
    document: async () => { throw new Error('not read here'); },
    scan,
    printers: async () => [],
    printReceipt: async () => { throw new Error('no printer'); },
  };
  return { store: createCounterStore(api, () => new Date('2026-11-20T16:30:00Z')), issued };
}

const refused = (status: number, code: string) => async (): Promise<ScanView> => { throw new ApiRequestError(status, code, `refused: ${code}`); };

describe('scanning at the counter', () => {
  it('rings up a weight label with its quantity and the product price, and issues on this till', async () => {
    const { store, issued } = storeAnswering(async () => ({ kind: 'weight', product: CHEESE, quantity: '0.734', amount: '3303.00', unit_price: '4500', price_includes_vat: true }));
    await store.getState().load();
    useTill.getState().setTill({ branch: '2', terminal: '7' });
    store.getState().setQuery('2100427007342');
    expect(await store.getState().ringScan()).toBe(true);
    expect(store.getState().lines).toEqual([{ cabysCode: CHEESE.cabys_code, description: 'Queso Turrialba', quantity: '0.734', price: '4500', unit: 'Kg', rateCode: '08', productCode: '00427', priceIncludesVat: true }]);
    expect(store.getState().query).toBe('');
    await store.getState().issue(false);
    expect(issued[0]).toMatchObject({ document: { branch: '002', terminal: '00007' }, items: [{ quantity: '0.734', price: '4500', code: '00427' }] });
  });

  it('rings up a price label at the unit price that keeps the label amount, VAT included', async () => {
    const { store } = storeAnswering(async () => ({ kind: 'price', product: { ...CHEESE, price_includes_vat: false }, quantity: '0.664', amount: '1500', unit_price: '2259.03614', price_includes_vat: true }));
    await store.getState().load();
    store.getState().setQuery('2200815015000');
    expect(await store.getState().ringScan()).toBe(true);
    expect(store.getState().lines[0]).toMatchObject({ quantity: '0.664', price: '2259.03614', priceIncludesVat: true });
  });

  it('a weight label of a product priced in another currency keeps its weight while the price is typed', async () => {
    const { store } = storeAnswering(async () => ({ kind: 'weight', product: { ...CHEESE, currency: 'USD', price: '9' }, quantity: '1.234' }));
    await store.getState().load();
    store.getState().setQuery('2100427012349');
    expect(await store.getState().ringScan()).toBe(true);
    expect(store.getState().pricing).toMatchObject({ description: 'Queso Turrialba', quantity: '1.234' });
    expect(store.getState().addPriced('4600')).toBe(true);
    expect(store.getState().lines).toEqual([expect.objectContaining({ quantity: '1.234', price: '4600', productCode: '00427' })]);
  });

  it('leaves an ordinary EAN, a short code and an unreadable answer to the search', async () => {
    const ean = storeAnswering(async () => ({ kind: 'ean', product: CHEESE }));
    ean.store.getState().setQuery('7441001234567');
    expect(await ean.store.getState().ringScan()).toBe(false);
    ean.store.getState().setQuery('lec');
    expect(await ean.store.getState().ringScan()).toBe(false);
    const forbidden = storeAnswering(refused(403, 'ability_missing'));
    forbidden.store.getState().setQuery('2100427007342');
    expect(await forbidden.store.getState().ringScan()).toBe(false);
    expect(forbidden.store.getState().error).toBeNull();
  });

  it('a refused code the search finds (a CABYS code) goes on to the search; one it does not is shown', async () => {
    const typed = storeAnswering(refused(422, 'bad_check_digit'), [CABYS]);
    typed.store.getState().setQuery(CABYS.code);
    expect(await typed.store.getState().ringScan()).toBe(false);
    expect(typed.store.getState().results).toHaveLength(1);
    expect(typed.store.getState().error).toBeNull();

    const misread = storeAnswering(refused(422, 'bad_check_digit'));
    misread.store.getState().setQuery('2100427007343');
    expect(await misread.store.getState().ringScan()).toBe(true);
    expect(misread.store.getState()).toMatchObject({ error: 'refused: bad_check_digit', errorCode: 'bad_check_digit', lines: [] });
  });
});
