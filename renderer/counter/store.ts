/**
 * The counter's state: the search box, its results (saved products first, then CABYS codes), the ticket's
 * lines, the payment method with the cash received, and the last issued ticket. Keyboard-first: the
 * screen maps keys to these actions; everything here is testable without a DOM. Its shape and first values
 * are in state.ts; its actions in searching.ts (the search box), scanning.ts (scale labels), ringing.ts
 * (lines, prices, discounts, clearing), issuing.ts (paying, issuing, following the issued ticket) and
 * thermal.ts (the till's receipt printer); loading is here.
 */
import { create } from 'zustand';
import { ApiRequestError } from '../api/client.ts';
import { addressBody } from '../shared/address.ts';
import { counterApi } from './api.ts';
import { issuingActions } from './issuing.ts';
import { ringingActions } from './ringing.ts';
import { keepTicket } from './saved-ticket.ts';
import { scanningActions } from './scanning.ts';
import { searchActions } from './searching.ts';
import { thermalActions } from './thermal.ts';
import { initialCounter, type CounterState, type StoreApi, type StoreContext } from './state.ts';

export { splitQuantity } from './lines.ts';
export type { Candidate, ClearedTicket, CounterState, EntryProblem, IssuedTicket } from './state.ts';

export function createCounterStore(api: StoreApi = counterApi(), now: () => Date = () => new Date()) {
  return create<CounterState>((set, get) => {
    const fail = (error: unknown) => set({ error: error instanceof Error ? error.message : String(error), errorCode: error instanceof ApiRequestError ? error.code : null });
    const context: StoreContext = { api, get, set, fail };

    return {
      ...initialCounter(),

      async load(known) {
        // The organization is what issuing needs; the rates only price CABYS codes: the screen is ready without them.
        const rates = api.taxRates().then((r) => set({ rates: r }), fail);
        const printer = get().loadPrinter();
        const first = get().org === null ? known : null;
        try {
          const org = first ?? await api.organization();
          set({ org, address: org.address ?? null });
        } catch (error) {
          fail(error);
        }
        await Promise.all([rates, printer]);
      },

      async saveAddress(address) {
        try {
          const org = await api.saveAddress(addressBody(address));
          set({ org, address: org.address ?? null, addressError: null });
          return true;
        } catch (error) {
          set({ addressError: error instanceof Error ? error.message : String(error) });
          return false;
        }
      },

      ...searchActions(context),
      ...scanningActions(context),
      ...ringingActions(context),
      ...issuingActions(context, now),
      ...thermalActions(context),
    };
  });
}

/** The counter of the page: its ticket in progress survives a reload (saved-ticket.ts). */
export const useCounter = keepTicket(createCounterStore());
