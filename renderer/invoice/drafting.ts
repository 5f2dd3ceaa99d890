/**
 * The invoice screen's drafting actions: the document type and commercial terms (a foreign currency brings
 * its exchange rate), the receiver search (saved recipients and the taxpayer register) and the party, the
 * reference, and the lines (saved products and CABYS codes). Each change asks the draft check again.
 */
import { taxpayersOf } from '../shared/taxpayers.ts';
import { defaultReferenceCode } from './document-types.ts';
import { blankLine, cabysCandidates, lineFrom, productCandidates } from './lines.ts';
import { emptyParty, identificationIn, mergeCandidates } from './parties.ts';
import type { InvoiceState, StoreContext } from './state.ts';

type DraftingActions = Pick<InvoiceState,
  'setDocumentType' | 'setCommercial' | 'setCurrency' | 'setPartyQuery' | 'searchParties' | 'moveParty' | 'chooseParty' | 'editParty'
  | 'manualParty' | 'clearParty' | 'setReference' | 'setLineQuery' | 'searchLines' | 'moveLine' | 'chooseLine' | 'addBlankLine'
  | 'updateLine' | 'removeLine'>;

export function draftingActions({ api, get, set, change, fail }: StoreContext): DraftingActions {
  return {
    setDocumentType(documentType) {
      const reference = get().reference;
      // A reference not written yet follows the type's usual reason.
      change({ documentType, ...(reference.number ? {} : { reference: { ...reference, code: defaultReferenceCode(documentType) } }) });
    },

    setCommercial(patch) {
      change({ commercial: { ...get().commercial, ...patch } });
    },

    async setCurrency(currency) {
      if (currency === 'CRC') {
        change({ commercial: { ...get().commercial, currency, exchangeRate: '' }, rateInfo: null });
        return;
      }
      change({ commercial: { ...get().commercial, currency }, rateInfo: null });
      try {
        const rate = await api.exchangeRate(currency);
        if (get().commercial.currency !== currency) return; // changed again meanwhile
        // A document in a foreign currency carries the sell rate as TipoCambio (docs/exchange-rates.md).
        change({ rateInfo: rate, commercial: { ...get().commercial, exchangeRate: rate.sell ?? '' } });
      } catch (error) {
        fail(error);
      }
    },

    setPartyQuery(partyQuery) {
      set({ partyQuery, partySelected: 0 });
    },

    async searchParties() {
      const q = get().partyQuery.trim();
      if (q.length < 2) {
        set({ partyResults: [] });
        return;
      }
      const id = identificationIn(q);
      // Either source may be missing (no saved recipients yet, the register unreachable and not cached): the other still answers.
      const [recipients, taxpayers] = await Promise.all([
        api.recipients(q).catch(() => []),
        id ? api.taxpayers(id).then(taxpayersOf).catch(() => []) : Promise.resolve([]),
      ]);
      if (get().partyQuery.trim() !== q) return;
      set({ partyResults: mergeCandidates(recipients, taxpayers), partySelected: 0 });
    },

    moveParty(delta) {
      const n = get().partyResults.length;
      if (n > 0) set({ partySelected: (get().partySelected + delta + n) % n });
    },

    chooseParty(index) {
      const candidate = get().partyResults[index ?? get().partySelected];
      if (candidate) change({ party: { ...candidate.party }, partyQuery: '', partyResults: [], partySelected: 0 });
    },

    editParty(patch) {
      const party = get().party ?? emptyParty();
      change({ party: { ...party, ...patch } });
    },

    manualParty() {
      const id = identificationIn(get().partyQuery);
      change({ party: { ...emptyParty(), ...(id ? { id } : {}) }, partyQuery: '', partyResults: [] });
    },

    clearParty() {
      change({ party: null });
    },

    setReference(patch) {
      // A field the shopkeeper corrects no longer carries the server's complaint.
      change({ reference: { ...get().reference, ...patch }, fieldErrors: {} });
    },

    setLineQuery(lineQuery) {
      set({ lineQuery, lineSelected: 0 });
    },

    async searchLines() {
      const q = get().lineQuery.trim();
      if (q.length < 2) {
        set({ lineResults: [] });
        return;
      }
      // Products are beyond the spec: without them (or without products:read) CABYS still answers.
      const [products, cabys] = await Promise.all([api.products(q).catch(() => []), api.cabys(q).catch(() => [])]);
      if (get().lineQuery.trim() !== q) return;
      set({ lineResults: [...productCandidates(products), ...cabysCandidates(cabys)], lineSelected: 0 });
    },

    moveLine(delta) {
      const n = get().lineResults.length;
      if (n > 0) set({ lineSelected: (get().lineSelected + delta + n) % n });
    },

    chooseLine(index) {
      const candidate = get().lineResults[index ?? get().lineSelected];
      if (!candidate) return;
      const line = lineFrom(candidate, get().rates, get().commercial.currency);
      change({ lines: [...get().lines, line], lineQuery: '', lineResults: [], lineSelected: 0, priceFocus: line.price ? null : line.key });
    },

    addBlankLine() {
      const line = blankLine();
      change({ lines: [...get().lines, line], priceFocus: null });
    },

    updateLine(key, patch) {
      change({ lines: get().lines.map((l) => (l.key === key ? { ...l, ...patch } : l)), priceFocus: null });
    },

    removeLine(key) {
      change({ lines: get().lines.filter((l) => l.key !== key) });
    },
  };
}
