/** The counter's store without a DOM: search, quantity prefix, pricing a CABYS code, issuing a ticket. */
import { describe, expect, it } from 'vitest';
import { createCounterStore, rateCodeOf, splitQuantity } from '../../../renderer/counter/store.ts';
import { ticketRequest } from '../../../renderer/counter/ticket-request.ts';
import { isValidAddress, loadAddress } from '../../../renderer/counter/issuer-address.ts';
import type { ApiClient } from '../../../renderer/api/client.ts';
import type { OrganizationProfile, TaxRateEntry } from '../../../renderer/api/types.ts';

const ORG: OrganizationProfile = {
  uuid: 'u', name: 'TecnoValle', legal_name: 'Soluciones S.A.', identification_type: '02', identification_number: '3101123456',
  email: 'f@example.cr', phone: null, economic_activities: ['620100'], default_environment: 'staging',
};
const RATES: TaxRateEntry[] = [{ code: '01', name: '0%', rate: 0 }, { code: '02', name: '1%', rate: 1 }, { code: '07', name: '8%', rate: 8 }, { code: '05', name: 't0%', rate: 0 }, { code: '08', name: '13%', rate: 13 }];
const ADDRESS = { province: '1', canton: '01', district: '01', details: 'Avenida 7' };

function fakeApi(issued: unknown[] = []) {
  const api: Pick<ApiClient, 'organization' | 'taxRates' | 'searchProducts' | 'searchCabys' | 'issue' | 'document'> = {
    organization: async () => ORG,
    taxRates: async () => RATES,
    searchProducts: async () => [{ id: 1, code: 'CAFE', barcode: null, description: 'Café negro', cabys_code: '2391102020000', unit: 'Unid', price: '1200', currency: 'CRC', tax_code: '01', tax_rate_code: '08', is_active: true }],
    searchCabys: async () => [{ code: '6331000000000', description_9: 'Servicios de comidas', tax_rate: 13 }],
    issue: async (body) => {
      issued.push(body);
      return { id: 1, document_key: '5'.repeat(50), consecutive_number: '0'.repeat(20), document_type: '04', document_type_name: 'Tiquete', environment: 'staging', status: 'processing', queued_at: '' };
    },
    document: async () => { throw new Error('not yet'); },
  };
  return api;
}

describe('counter store', () => {
  it('reads a quantity prefix', () => {
    expect(splitQuantity('3*cafe')).toEqual({ quantity: '3', text: 'cafe' });
    expect(splitQuantity(' 1.5 * queso ')).toEqual({ quantity: '1.5', text: 'queso' });
    expect(splitQuantity('cafe')).toEqual({ quantity: '1', text: 'cafe' });
  });

  it('maps a CABYS VAT percentage to the ordinary rate code', () => {
    expect(rateCodeOf(RATES, 13)).toBe('08');
    expect(rateCodeOf(RATES, 0)).toBe('01');
    expect(rateCodeOf(RATES, 1)).toBe('02');
    expect(rateCodeOf(RATES, null)).toBe('08');
  });

  it('adds a saved product on Enter, asks a price for a CABYS code, and issues with one call', async () => {
    const issued: unknown[] = [];
    const store = createCounterStore(fakeApi(issued), () => new Date('2026-11-20T16:30:00Z'));
    store.setState({ address: ADDRESS });
    await store.getState().load();
    store.getState().setQuery('2*caf');
    await store.getState().search();
    expect(store.getState().results.map((r) => r.kind)).toEqual(['product', 'cabys']);
    store.getState().choose();
    expect(store.getState().lines).toEqual([expect.objectContaining({ quantity: '2', price: '1200', rateCode: '08', productCode: 'CAFE' })]);

    store.getState().setQuery('comida');
    await store.getState().search();
    store.getState().move(1);
    store.getState().choose();
    expect(store.getState().pricing?.kind).toBe('cabys');
    expect(store.getState().addPriced('abc')).toBe(false);
    expect(store.getState().addPriced('4500,50')).toBe(true);
    expect(store.getState().lines[1]).toMatchObject({ price: '4500.50', unit: 'Sp', rateCode: '08' });

    store.getState().setPayment('sinpe');
    await store.getState().issue(false);
    expect(store.getState()).toMatchObject({ lines: [], issued: { clave: '5'.repeat(50) }, error: null });
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ commercial_info: { payment_method: 'sinpe' }, document: { situation: '1' }, issuer: { id: '3101123456', address: ADDRESS } });
  });

  it('does not issue without the issuer location, and shows a refusal in the server words', async () => {
    const api = { ...fakeApi(), issue: async () => { throw Object.assign(new Error('La unidad no vale'), { code: 'validation_error' }); } };
    const store = createCounterStore(api);
    await store.getState().load();
    store.setState({ address: null, lines: [{ cabysCode: '1', description: 'x', quantity: '1', price: '1', unit: 'Unid', rateCode: '08' }] });
    await store.getState().issue(false);
    expect(store.getState().error).toBeNull();
    store.setState({ address: ADDRESS });
    await store.getState().issue(false);
    expect(store.getState().error).toBe('La unidad no vale');
    expect(store.getState().lines).toHaveLength(1); // kept, to fix and retry
  });
});

describe('ticket request', () => {
  it('signs offline tickets with situation 3 (docs/contingency.md)', () => {
    const body = ticketRequest(ORG, ADDRESS, [], 'cash', new Date(), true);
    expect(body.document).toMatchObject({ document_type: '04', situation: '3', activity_code: '620100' });
  });

  it('keeps the issuer location only when complete', () => {
    expect(isValidAddress(ADDRESS)).toBe(true);
    expect(isValidAddress({ ...ADDRESS, canton: '1' })).toBe(false);
    expect(loadAddress({ getItem: () => JSON.stringify(ADDRESS) })).toEqual(ADDRESS);
    expect(loadAddress({ getItem: () => '{"province":"9"}' })).toBeNull();
    expect(loadAddress({ getItem: () => 'not json' })).toBeNull();
  });
});
