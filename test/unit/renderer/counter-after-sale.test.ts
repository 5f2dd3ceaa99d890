/** What the issued box offers after a sale, without a DOM: saving a CABYS line as a product, voiding the ticket. */
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../renderer/api/client.ts';
import type { CounterProductInput } from '../../../renderer/counter/api.ts';
import { createSaveProductStore, unsavedLines } from '../../../renderer/counter/save-product.ts';
import { createVoidTicketStore } from '../../../renderer/counter/void-ticket.ts';
import type { TicketLine } from '../../../renderer/shared/ticket/ticket-request.ts';
import type { Product } from '../../../renderer/api/types.ts';
import type { VoidSubmitted } from '../../../renderer/documents/types.ts';

const COFFEE: TicketLine = { cabysCode: '0161001010000', description: 'Café cereza, orgánico', quantity: '2', price: '1500', unit: 'Unid', rateCode: '02' };
const MILK: TicketLine = { cabysCode: '2211001010000', description: 'Leche entera 1 L', quantity: '1', price: '1100', unit: 'Unid', rateCode: '02', productCode: 'LEC-1', priceIncludesVat: false };

describe('saving a line as a product', () => {
  it('offers the lines rung up by CABYS code only, and saves one with its price as it was meant', async () => {
    const sent: CounterProductInput[] = [];
    const store = createSaveProductStore({ saveProduct: async (input) => { sent.push(input); return {} as Product; } });
    expect(unsavedLines([MILK, COFFEE])).toEqual([{ line: COFFEE, index: 1 }]);
    store.getState().open('clave-1', 1);
    store.getState().edit({ code: ' CAFN ', name: 'Café negro' });
    expect(await store.getState().save([MILK, COFFEE], true)).toBe(true);
    expect(sent).toEqual([{ code: 'CAFN', description: 'Café negro', cabys_code: '0161001010000', unit: 'Unid', price: '1500', tax_rate_code: '02', price_includes_vat: true }]);
    expect(store.getState()).toMatchObject({ form: null, saved: { 1: 'CAFN' }, of: 'clave-1' });
  });

  it('asks for the code and the name before asking the server, and says which field a refusal is about', async () => {
    let calls = 0;
    const store = createSaveProductStore({ saveProduct: async () => { calls++; throw new ApiRequestError(409, 'product_code_taken', 'taken'); } });
    store.getState().open('clave-1', 0);
    expect(await store.getState().save([COFFEE], true)).toBe(false);
    expect([store.getState().field, calls]).toEqual(['code', 0]);
    store.getState().edit({ code: 'CAF', name: 'Café' });
    expect(await store.getState().save([COFFEE], false)).toBe(false);
    expect(store.getState()).toMatchObject({ field: 'code', error: { code: 'product_code_taken' } });
    store.getState().open('clave-2', 0); // another ticket: nothing saved from it yet
    expect(store.getState()).toMatchObject({ saved: {}, error: null, field: null });
  });
});

describe('voiding the last ticket', () => {
  it('voids only after the confirmation, once, and keeps the credit note', async () => {
    const voided: string[] = [];
    const store = createVoidTicketStore({ voidDocument: async (key) => { voided.push(key); return { consecutive_number: '00100001030000000001' } as VoidSubmitted; } });
    expect(await store.getState().confirm()).toBe(false);
    store.getState().ask('clave-1');
    store.getState().cancel();
    expect(await store.getState().confirm()).toBe(false);
    store.getState().ask('clave-1');
    expect(await store.getState().confirm()).toBe(true);
    expect(voided).toEqual(['clave-1']);
    expect(store.getState()).toMatchObject({ confirming: null, voided: { 'clave-1': '00100001030000000001' } });
    store.getState().ask('clave-1'); // already voided from here: not asked again
    expect(store.getState().confirming).toBeNull();
  });

  it("keeps the server's refusal to show it", async () => {
    const store = createVoidTicketStore({ voidDocument: async () => { throw new ApiRequestError(422, 'document_not_accepted', 'Only an accepted document can be voided.'); } });
    store.getState().ask('clave-1');
    expect(await store.getState().confirm()).toBe(false);
    expect(store.getState()).toMatchObject({ confirming: 'clave-1', voided: {}, error: { message: 'Only an accepted document can be voided.' } });
  });
});
