/** The counter's store without a DOM: search, quantity, pricing a CABYS code, discounts, cash, issuing a ticket. */
import { describe, expect, it } from 'vitest';
import { createCounterStore, splitQuantity } from '../../../renderer/counter/store.ts';
import { ApiRequestError } from '../../../renderer/api/client.ts';
import { rateCodeOf } from '../../../renderer/shared/units.ts';
import { ticketRequest } from '../../../renderer/shared/ticket/ticket-request.ts';
import { isCompleteAddress } from '../../../renderer/shared/address.ts';
import type { CounterOrganization } from '../../../renderer/counter/api.ts';
import type { DocumentDetail, TaxRateEntry } from '../../../renderer/api/types.ts';

const ADDRESS = { province: '1', canton: '01', district: '01', details: 'Avenida 7' };
const ORG: CounterOrganization = {
  uuid: 'u', name: 'TecnoValle', legal_name: 'Soluciones S.A.', identification_type: '02', identification_number: '3101123456',
  email: 'f@example.cr', phone: null, economic_activities: ['620100'], default_environment: 'staging', address: ADDRESS,
};
const RATES: TaxRateEntry[] = [{ code: '01', name: '0%', rate: 0 }, { code: '02', name: '1%', rate: 1 }, { code: '07', name: '8%', rate: 8 }, { code: '05', name: 't0%', rate: 0 }, { code: '08', name: '13%', rate: 13 }];

type StoreApi = Parameters<typeof createCounterStore>[0] & object;

const DETAIL: DocumentDetail = {
  id: 1, document_key: '', consecutive_number: '0'.repeat(20), document_type: '04', document_type_name: 'Tiquete', status: 'processing', hacienda_status: null,
  hacienda_message: null, hacienda_response_at: null, receptor_name: null, currency: 'CRC', net_amount: 1, tax_amount: 0.13, total_amount: 1.13, rejections: [], created_at: '',
};

function fakeApi(issued: unknown[] = [], org: CounterOrganization = ORG) {
  const saved: unknown[] = [];
  const api: StoreApi & { saved: unknown[] } = {
    saved,
    organization: async () => org,
    saveAddress: async (address) => {
      saved.push(address);
      return { ...org, address };
    },
    taxRates: async () => RATES,
    searchProducts: async () => [{ id: 1, code: 'CAFE', barcode: null, description: 'Café negro', cabys_code: '2391102020000', unit: 'Unid', price: '1200', currency: 'CRC', tax_code: '01', tax_rate_code: '08', is_active: true }],
    searchCabys: async () => [{ code: '6331000000000', description_9: 'Servicios de comidas', tax_rate: 13 }],
    issue: async (body) => {
      issued.push(body);
      return { id: 1, document_key: '5'.repeat(50), consecutive_number: '0'.repeat(20), document_type: '04', document_type_name: 'Tiquete', environment: 'staging', status: 'processing', queued_at: '' };
    },
    document: async () => { throw new Error('not yet'); },
    scan: async () => { throw new ApiRequestError(404, 'product_not_found', 'Ningún producto'); },
    printers: async () => [], // no thermal printer: the 80 mm PDF prints, as before
    printReceipt: async () => ({ printed: true, copy: false }),
  };
  return api;
}

async function storeWithCoffee(issued: unknown[] = []) {
  const store = createCounterStore(fakeApi(issued), () => new Date('2026-11-20T16:30:00Z'));
  await store.getState().load();
  store.getState().setQuery('caf');
  await store.getState().search();
  store.getState().choose();
  return store;
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
    await store.getState().load();
    expect(store.getState().address).toEqual(ADDRESS); // the organization's stored location
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
    expect(store.getState()).toMatchObject({ lines: [], issued: { clave: '5'.repeat(50) }, error: null, payment: 'cash' });
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ commercial_info: { payment_method: 'sinpe' }, document: { situation: '1' }, issuer: { id: '3101123456', address: ADDRESS } });
  });

  it('`3*` alone sets the last line quantity, and a percentage discount follows it', async () => {
    const store = await storeWithCoffee();
    store.getState().startDiscount();
    expect(store.getState().discounting).toBe(true);
    expect(store.getState().applyDiscount('10%')).toBe(true);
    expect(store.getState().lines[0]!.discount).toEqual({ input: '10%', amount: '120', reason: 'Descuento del 10 %' });
    store.getState().setQuery('3*');
    store.getState().choose();
    expect(store.getState().lines[0]).toMatchObject({ quantity: '3', discount: { amount: '360' } });
    expect(store.getState().query).toBe('');
  });

  it('refuses a discount larger than the line and removes one on blank', async () => {
    const store = await storeWithCoffee();
    expect(store.getState().applyDiscount('1200.01')).toBe(false);
    expect(store.getState().applyDiscount('101%')).toBe(false);
    expect(store.getState().applyDiscount('200')).toBe(true);
    expect(store.getState().draft()?.items[0]).toMatchObject({ discount: [{ amount: '200', code: '07', reason: 'Descuento comercial' }] });
    expect(store.getState().applyDiscount('  ')).toBe(true);
    expect(store.getState().lines[0]!.discount).toBeUndefined();
    expect(store.getState().draft()?.items[0]).not.toHaveProperty('discount');
  });

  it('keeps the cash received with the issued ticket, and only for cash', async () => {
    const store = await storeWithCoffee();
    store.getState().setTendered('5 000');
    await store.getState().issue(false);
    expect(store.getState().issued?.tendered).toBe('5000');
    expect(store.getState().tendered).toBe('');

    store.getState().setQuery('caf');
    await store.getState().search();
    store.getState().choose();
    store.getState().setTendered('5000');
    store.getState().setPayment('card');
    await store.getState().issue(false);
    expect(store.getState().issued?.tendered).toBeNull();
  });

  it('asks the colones price of a product priced in another currency', async () => {
    const dollars = { id: 2, code: 'LIC', barcode: null, description: 'Licencia', cabys_code: '8432000000000', unit: 'Sp', price: '10', currency: 'USD', tax_code: '01', tax_rate_code: '08', is_active: true };
    const store = createCounterStore({ ...fakeApi(), searchProducts: async () => [dollars], searchCabys: async () => [] });
    await store.getState().load();
    store.getState().setQuery('lic');
    await store.getState().search();
    store.getState().choose();
    expect(store.getState().lines).toEqual([]);
    expect(store.getState().pricing).toMatchObject({ kind: 'product', productCode: 'LIC', price: null });
    expect(store.getState().addPriced('5200')).toBe(true);
    expect(store.getState().lines).toEqual([expect.objectContaining({ price: '5200', productCode: 'LIC', rateCode: '08' })]);
  });

  it("keeps the newest status of the issued ticket when an older read answers last", async () => {
    const answers: Array<(status: string) => void> = [];
    const api: StoreApi = { ...fakeApi(), document: (clave) => new Promise((resolve) => answers.push((status) => resolve({ ...DETAIL, document_key: clave, status }))) };
    const store = createCounterStore(api);
    await store.getState().load();
    store.setState({ lines: [{ cabysCode: '1', description: 'x', quantity: '1', price: '1', unit: 'Unid', rateCode: '08' }] });
    await store.getState().issue(false); // reads the status once (answers[0])
    const newer = store.getState().refreshIssued(); // answers[1]
    answers[1]!('accepted');
    await newer;
    answers[0]!('processing');
    await new Promise((resolve) => setTimeout(resolve, 0)); // the older answer is in
    expect(store.getState().issued?.status).toBe('accepted');
  });

  it("starts from the organization the setup gate read, and reads it afresh on later loads", async () => {
    let asked = 0;
    const api: StoreApi = { ...fakeApi(), organization: async () => { asked++; return { ...ORG, name: 'TecnoValle 2' }; } };
    const store = createCounterStore(api);
    await store.getState().load(ORG);
    expect(asked).toBe(0);
    expect(store.getState()).toMatchObject({ org: ORG, address: ADDRESS, rates: RATES });
    await store.getState().load(ORG);
    expect(asked).toBe(1);
    expect(store.getState().org?.name).toBe('TecnoValle 2');
  });

  it('asks the location when the organization has none, and saves it with the organization', async () => {
    const api = fakeApi([], { ...ORG, address: null });
    const store = createCounterStore(api);
    await store.getState().load();
    expect(store.getState().address).toBeNull();
    expect(await store.getState().saveAddress({ ...ADDRESS, neighborhood: '  ', details: ' Avenida 7 ' })).toBe(true);
    expect(api.saved).toEqual([ADDRESS]); // blank neighbourhood left out, details trimmed
    expect(store.getState().address).toEqual(ADDRESS);
  });

  it('shows the server refusal of a location', async () => {
    const api: StoreApi = { ...fakeApi(), saveAddress: async () => { throw new Error('No district 1-01-99 in the official location table.'); } };
    const store = createCounterStore(api);
    expect(await store.getState().saveAddress({ ...ADDRESS, district: '99' })).toBe(false);
    expect(store.getState()).toMatchObject({ address: null, addressError: 'No district 1-01-99 in the official location table.' });
  });

  it('does not issue without the issuer location, and shows a refusal in the server words', async () => {
    const api: StoreApi = { ...fakeApi(), issue: async () => { throw Object.assign(new Error('La unidad no vale'), { code: 'validation_error' }); } };
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

  it('takes a complete issuer location only', () => {
    expect(isCompleteAddress(ADDRESS)).toBe(true);
    expect(isCompleteAddress({ ...ADDRESS, canton: '1' })).toBe(false);
    expect(isCompleteAddress({ ...ADDRESS, details: 'Av 7' })).toBe(false);
    expect(isCompleteAddress({ ...ADDRESS, neighborhood: 'x'.repeat(51) })).toBe(false);
    // What a document needs (the server refuses it at save time too): a neighbourhood of 5+ characters or none.
    expect(isCompleteAddress({ ...ADDRESS, neighborhood: 'Amón' })).toBe(false);
    expect(isCompleteAddress({ ...ADDRESS, neighborhood: '   ' })).toBe(true);
    expect(isCompleteAddress({ ...ADDRESS, neighborhood: 'Barrio Amón' })).toBe(true);
  });
});
