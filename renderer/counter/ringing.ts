/**
 * Ringing up the ticket: the chosen result becomes a line (or asks its price), `3*` alone sets the last
 * line's quantity, F3 discounts the last line, and Esc clears the ticket undoably. A number typed in a box
 * is refused rather than guessed (`entryProblem`).
 */
import { readTyped } from '../shared/decimal.ts';
import { readDiscount } from '../shared/ticket/discount.ts';
import { DECIMAL, type TicketLine } from '../shared/ticket/ticket-request.ts';
import { rateCodeOf } from '../shared/units.ts';
import { quantityOnly, splitQuantity, withAdded, withLastDiscount, withLastQuantity } from './lines.ts';
import type { Candidate, CounterState, StoreContext } from './state.ts';

type RingingActions = Pick<CounterState, 'choose' | 'addPriced' | 'startDiscount' | 'applyDiscount' | 'removeLast' | 'clear' | 'undoClear'>;

/** `line` onto the ticket (merged into an equal one) and the search box emptied for the next item. */
export function ringUp({ get, set }: Pick<StoreContext, 'get' | 'set'>, line: TicketLine): void {
  // The first line of a ticket starts the next sale: the last one's box goes, and so does the undo of a clear.
  const starting = get().lines.length === 0 ? { issued: null, cleared: null } : {};
  // searchedFor too: the same text typed again (a second scan of one barcode) must search again, not find no results.
  set({ lines: withAdded(get().lines, line), query: '', results: [], searchedFor: '', selected: 0, pricing: null, error: null, errorCode: null, entryProblem: null, ...starting });
}

export function ringingActions({ get, set }: StoreContext): RingingActions {
  function addLine(candidate: Candidate, price: string) {
    const quantity = candidate.quantity ?? splitQuantity(get().query).quantity;
    const rateCode = candidate.rateCode ?? rateCodeOf(get().rates, candidate.rate);
    ringUp({ get, set }, {
      cabysCode: candidate.cabysCode, description: candidate.description, quantity, price, unit: candidate.unit, rateCode,
      ...(candidate.productCode ? { productCode: candidate.productCode } : {}),
      ...(candidate.priceIncludesVat !== undefined ? { priceIncludesVat: candidate.priceIncludesVat } : {}),
    });
  }

  return {
    choose() {
      const { problem } = splitQuantity(get().query);
      if (problem) return set({ entryProblem: { field: 'quantity', ...problem } });
      const quantity = quantityOnly(get().query);
      if (quantity !== null) {
        if (get().lines.length > 0) set({ lines: withLastQuantity(get().lines, quantity), query: '', results: [] });
        return;
      }
      const candidate = get().results[get().selected];
      if (!candidate) return;
      if (candidate.price !== null) addLine(candidate, candidate.price);
      else set({ pricing: candidate, entryProblem: null });
    },

    addPriced(price) {
      const candidate = get().pricing;
      const read = readTyped(price);
      if (read.problem) set({ entryProblem: { field: 'price', problem: read.problem, typed: price.trim() } });
      if (!candidate || read.value === undefined || !DECIMAL.test(read.value)) return false;
      addLine(candidate, read.value);
      return true;
    },

    startDiscount() {
      if (get().lines.length > 0) set({ discounting: true, pricing: null, entryProblem: null });
    },

    applyDiscount(typed) {
      const { problem } = typed.trim() === '' ? {} : readDiscount(typed);
      set({ entryProblem: problem ? { field: 'discount', problem, typed: typed.trim() } : null });
      const lines = problem ? null : withLastDiscount(get().lines, typed);
      if (!lines) return false;
      set({ lines, discounting: false });
      return true;
    },

    removeLast() {
      set({ lines: get().lines.slice(0, -1), discounting: false });
    },

    clear() {
      const { lines, payment, tendered, cleared } = get();
      set({
        query: '', results: [], selected: 0, pricing: null, discounting: false, lines: [], tendered: '', error: null, errorCode: null, entryProblem: null,
        // A second Esc on an empty ticket keeps the one to bring back.
        cleared: lines.length > 0 ? { lines, payment, tendered } : cleared,
      });
    },

    undoClear() {
      const cleared = get().cleared;
      if (cleared && get().lines.length === 0) set({ ...cleared, cleared: null });
    },
  };
}
