/**
 * The invoice screen's store: the document being written, the search boxes that fill it, the engine's
 * verdict and totals on it, and the document just issued, polled until the tax authority answers. Its
 * shape and first values are in state.ts; its actions in drafting.ts (typing the document), checking.ts
 * (the draft check), issuing.ts (issue, follow, e-mail) and new-document.ts (a note, or a new document).
 */
import { create } from 'zustand';
import { ApiRequestError } from '../api/client.ts';
import { useLanguage } from '../i18n/store.ts';
import { parseXml as browserParseXml } from '../shared/source-document.ts';
import { createInvoiceApi, type InvoiceApi } from './api.ts';
import { draftChecker } from './checking.ts';
import { draftingActions } from './drafting.ts';
import { issuingActions } from './issuing.ts';
import { newDocumentActions } from './new-document.ts';
import { defaultCommercial, emptyCodes, emptyReference, idleValidation, type InvoiceState, type InvoiceStoreOptions, type StoreContext } from './state.ts';
import type { CodeEntry } from './types.ts';

export type { InvoiceState, InvoiceStoreOptions, IssuedDocument, Validation } from './state.ts';

export function createInvoiceStore(options: InvoiceStoreOptions = {}) {
  const api = options.api ?? createInvoiceApi();
  const now = options.now ?? (() => new Date());
  const debounceMs = options.debounceMs ?? 300;
  const parseXml = options.parseXml ?? browserParseXml;
  const language = options.language ?? (() => useLanguage.getState().language);

  return create<InvoiceState>((set, get) => {
    const fail = (error: unknown) => set({
      error: error instanceof Error ? error.message : String(error),
      errorCode: error instanceof ApiRequestError ? error.code : null,
      fieldErrors: error instanceof ApiRequestError ? error.fieldErrors : {},
    });
    const checker = draftChecker({ api, get, set }, debounceMs);
    /** A change to the document: the totals shown no longer hold until the engine answers again. */
    const change = (patch: Partial<InvoiceState>) => {
      set(patch);
      checker.schedule();
    };
    const context: StoreContext = { api, get, set, change, fail };
    const { issuedPoll, ...issuing } = issuingActions(context, { checker, now, language, pollMs: options.pollMs ?? 2000 });

    // The code tables only label the selects: without them the codes still show.
    const code = (table: Parameters<InvoiceApi['codes']>[0]) => api.codes(table).catch((): CodeEntry[] => []);

    return {
      documentType: '01',
      commercial: defaultCommercial,
      party: null,
      reference: emptyReference('01'),
      lines: [],
      org: null,
      rates: [],
      codes: emptyCodes,
      rateInfo: null,
      partyQuery: '',
      partyResults: [],
      partySelected: 0,
      lineQuery: '',
      lineResults: [],
      lineSelected: 0,
      priceFocus: null,
      validation: idleValidation,
      issuing: false,
      issued: null,
      error: null,
      errorCode: null,
      fieldErrors: {},

      async load() {
        try {
          const [org, rates, saleConditions, paymentMethods, referenceCodes, referenceDocTypes] = await Promise.all([
            api.organization(), api.taxRates(), code('sale-conditions'), code('payment-methods'), code('reference-codes'), code('reference-doc-types'),
          ]);
          set({ org, rates, codes: { saleConditions, paymentMethods, referenceCodes, referenceDocTypes } });
          // A note started from Documents before the tables were read gets its reason's words now.
          const reference = get().reference;
          const words = referenceCodes.find((c) => c.code === reference.code)?.description;
          if (reference.number && !reference.reason && words) set({ reference: { ...reference, reason: words } });
          if (get().lines.length > 0) checker.schedule();
        } catch (error) {
          fail(error);
        }
      },

      ...draftingActions(context),
      validate: checker.validate,
      ...issuing,
      ...newDocumentActions(context, { parseXml, stopPolling: () => issuedPoll.stop() }),

      dispose() {
        checker.cancel();
        issuedPoll.stop();
      },
    };
  });
}

export type InvoiceStore = ReturnType<typeof createInvoiceStore>;

export const useInvoice = createInvoiceStore();
