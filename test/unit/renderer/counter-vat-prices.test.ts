/**
 * The counter sends shelf prices as such: the ticket says `prices_include_vat` as the shop's setting does (on
 * unless turned off), a saved product's own flag goes with its line where it differs, and Settings changes the
 * setting like any other member of the profile.
 */
import { describe, expect, it } from 'vitest';
import { createCounterStore } from '../../../renderer/counter/store.ts';
import { ticketRequest, type TicketLine } from '../../../renderer/shared/ticket/ticket-request.ts';
import { draftOf, profileChanges } from '../../../renderer/settings/profile-store.ts';
import type { CounterOrganization } from '../../../renderer/counter/api.ts';
import type { Profile } from '../../../renderer/shared/organization/profile.ts';

const ADDRESS = { province: '1', canton: '01', district: '01', details: 'Avenida 7' };
const ORG: CounterOrganization = {
  uuid: 'u', name: 'Soda La Esquina', legal_name: null, identification_type: '01', identification_number: '114520789',
  email: 'soda@example.cr', phone: null, economic_activities: ['561003'], default_environment: 'staging', address: ADDRESS,
};
const LINE: TicketLine = { cabysCode: '6331000000000', description: 'Casado', quantity: '1', price: '3500', unit: 'Sp', rateCode: '08' };
const NOW = new Date('2026-11-20T16:30:00Z');

describe('the ticket request', () => {
  it('says the prices include VAT unless the shop turned it off', () => {
    expect(ticketRequest(ORG, ADDRESS, [LINE], 'cash', NOW).commercial_info.prices_include_vat).toBe(true);
    expect(ticketRequest({ ...ORG, prices_include_vat: true }, ADDRESS, [LINE], 'cash', NOW).commercial_info.prices_include_vat).toBe(true);
    expect(ticketRequest({ ...ORG, prices_include_vat: false }, ADDRESS, [LINE], 'cash', NOW).commercial_info.prices_include_vat).toBe(false);
  });

  it("sends a product's own flag only where it differs from the shop's", () => {
    const lines = [LINE, { ...LINE, priceIncludesVat: true }, { ...LINE, priceIncludesVat: false }];
    const items = ticketRequest(ORG, ADDRESS, lines, 'cash', NOW).items as Record<string, unknown>[];
    expect(items.map((i) => i['price_includes_vat'])).toEqual([undefined, undefined, false]);
    expect(items.map((i) => i['price'])).toEqual(['3500', '3500', '3500']);
  });
});

describe('the counter store', () => {
  it("a saved product's price_includes_vat goes with its line; a typed price follows the shop", async () => {
    const store = createCounterStore({
      organization: async () => ORG,
      saveAddress: async () => ORG,
      taxRates: async () => [{ code: '08', name: '13%', rate: 13 }],
      searchProducts: async () => [{ id: 1, code: 'CAS', barcode: null, description: 'Casado', cabys_code: '6331000000000', unit: 'Sp', price: '3097.34513', currency: 'CRC', tax_code: '01', tax_rate_code: '08', is_active: true, price_includes_vat: false }],
      searchCabys: async () => [{ code: '6331000000000', description_9: 'Servicio de restaurante', tax_rate: 13 }],
      issue: async () => { throw new Error('not issued here'); },
      document: async () => { throw new Error('not issued here'); },
      scan: async () => { throw new Error('not scanned here'); },
      printers: async () => [],
      printReceipt: async () => { throw new Error('not printed here'); },
    }, () => NOW);
    await store.getState().load();
    store.getState().setQuery('cas');
    await store.getState().search();
    store.getState().choose();
    store.getState().setQuery('restaurante');
    await store.getState().search();
    store.getState().move(1); // past the product, to the CABYS code
    store.getState().choose();
    expect(store.getState().addPriced('3500')).toBe(true);
    expect(store.getState().lines.map((l) => l.priceIncludesVat)).toEqual([false, undefined]);
    const items = store.getState().draft()!.items as Record<string, unknown>[];
    expect(items.map((i) => i['price_includes_vat'])).toEqual([false, undefined]);
  });
});

describe('the Settings profile', () => {
  const profile = { ...ORG, address: ADDRESS, is_active: true, logo_url: null, logo_width: null, plan: 'free' } as Profile;

  it('shows the setting on when the server says so or says nothing, and sends only a change', () => {
    expect(draftOf(profile).prices_include_vat).toBe(true);
    expect(draftOf({ ...profile, prices_include_vat: false }).prices_include_vat).toBe(false);
    expect(profileChanges(profile, draftOf(profile))).toEqual({});
    expect(profileChanges(profile, { ...draftOf(profile), prices_include_vat: false })).toEqual({ prices_include_vat: false });
  });
});
