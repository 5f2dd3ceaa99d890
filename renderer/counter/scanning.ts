/**
 * A scale label scanned into the search box (docs/tills.md, "Till settings"; docs/printing.md, "Scale
 * labels"): Enter on 13 digits asks the server to read it (GET /products/scan/{code}, with the shop's label
 * formats, which a cashier may not read) and rings up the product with the label's quantity — a weight
 * label its kilograms at the product's price, a price label the quantity its amount buys at the unit price
 * that keeps the line's total at the label's amount (VAT included). Any other 13 digits (an ordinary EAN, a
 * CABYS code) go on to the search as before; a refusal (a misread check digit, an unknown item) is shown
 * only when the search has nothing either, so that typing a CABYS code never meets "scan again".
 */
import { ApiRequestError } from '../api/client.ts';
import type { ScanView } from '../api/schemas.ts';
import { rateCodeOf } from '../shared/units.ts';
import { splitQuantity } from './lines.ts';
import { ringUp } from './ringing.ts';
import type { CounterState, StoreContext } from './state.ts';

type ScanningActions = Pick<CounterState, 'ringScan'>;

const EAN13 = /^\d{13}$/;
/** Refusals that are about the code itself; anything else (no products:read, the server down) leaves it to the search. */
const ABOUT_THE_CODE = new Set([404, 422]);

const isLabel = (scan: ScanView) => (scan.kind === 'weight' || scan.kind === 'price') && scan.quantity !== undefined;

export function scanningActions(context: StoreContext): ScanningActions {
  const { api, get, fail } = context;

  return {
    async ringScan() {
      const query = get().query;
      const { text, problem } = splitQuantity(query);
      if (problem || !EAN13.test(text)) return false;
      let scan: ScanView;
      try {
        scan = await api.scan(text);
      } catch (error) {
        if (!(error instanceof ApiRequestError) || !ABOUT_THE_CODE.has(error.status)) return false;
        if (get().searchedFor !== get().query) await get().search();
        if (get().results.length > 0) return false;
        fail(error);
        return true;
      }
      if (get().query !== query) return true; // the cashier typed on meanwhile: this code is gone from the box
      if (!isLabel(scan)) return false;
      const p = scan.product;
      const rateCode = p.tax_rate_code ?? rateCodeOf(get().rates, null);
      if (scan.unit_price === undefined) {
        // A weighed product priced in another currency: its weight waits in the price box for a price in colones.
        const pricing = { kind: 'product' as const, cabysCode: p.cabys_code, description: p.description, price: null, unit: p.unit, rateCode, rate: null, productCode: p.code, quantity: scan.quantity! };
        context.set({ pricing, query: '', results: [], searchedFor: '', entryProblem: null });
        return true;
      }
      // The label carries the quantity: a `3*` typed before it does not multiply a weighed item.
      ringUp(context, {
        cabysCode: p.cabys_code, description: p.description, quantity: scan.quantity!, price: scan.unit_price, unit: p.unit, rateCode, productCode: p.code,
        ...(scan.price_includes_vat !== undefined ? { priceIncludesVat: scan.price_includes_vat } : {}),
      });
      return true;
    },
  };
}
