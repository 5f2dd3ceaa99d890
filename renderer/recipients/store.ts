/**
 * The recipients screen's state: the list and its search, the one open in the form (or a new one), the
 * taxpayer look-up that fills the name from the public register, and the province / canton / district
 * options of the form's location. test/unit/renderer/recipients-store.test.ts drives it with a fake API.
 */
import { create } from 'zustand';
import { asError } from '../shared/async-action.ts';
import { noSavedItems, removeOpen, saveDraft, type SavedItemsState } from '../shared/saved-list.ts';
import { createRecipientsApi, type RecipientsApi } from './api.ts';
import { applyTaxpayer, draftOf, draftProblems, emptyDraft, inputOf, normalizeIdentification, type RecipientDraft } from './draft.ts';
import type { Place, Recipient, Taxpayer } from './types.ts';

/** What the look-up found: already saved (offer to open it), the register's entry, nothing, or no answer. */
export type Lookup =
  | { state: 'looking' }
  | { state: 'saved'; recipient: Recipient }
  | { state: 'found'; taxpayer: Taxpayer }
  | { state: 'not_found' }
  | { state: 'unavailable'; message: string };

export interface RecipientsState extends SavedItemsState<Recipient, RecipientDraft> {
  lookup: Lookup | null;
  provinces: Place[];
  cantons: Place[];
  districts: Place[];
  open(recipient: Recipient): Promise<void>;
  startNew(): Promise<void>;
  close(): void;
  setDraft(changes: Partial<RecipientDraft>): void;
  setProvince(province: string): Promise<void>;
  setCanton(canton: string): Promise<void>;
  lookUp(): Promise<void>;
  save(): Promise<boolean>;
  remove(): Promise<void>;
}

export function createRecipientsStore(api: RecipientsApi = createRecipientsApi()) {
  return create<RecipientsState>((set, get) => {
    const fail = (error: unknown) => set({ error: asError(error) });
    let listed = 0; // answers of older searches arrive late: only the newest one counts
    // Each recipient put in the form (opened, new, closed) is another form: answers asked for the one
    // before (its pickers, its look-up) must not land in it.
    let form = 0;

    /** The picker options the draft's location needs (after opening a recipient, or choosing a level). */
    async function loadPlaces(draft: RecipientDraft) {
      const asked = form;
      try {
        const provinces = get().provinces.length > 0 ? get().provinces : await api.provinces();
        const cantons = draft.province ? await api.cantons(draft.province) : [];
        const districts = draft.province && draft.canton ? await api.districts(draft.province, draft.canton) : [];
        if (asked === form) set({ provinces, cantons, districts });
      } catch (error) {
        if (asked === form) fail(error);
      }
    }

    function edit(openId: number | 'new', draft: RecipientDraft) {
      form++;
      set({ openId, draft, tried: false, fieldErrors: {}, lookup: null, saved: false, cantons: [], districts: [] });
      return loadPlaces(draft);
    }

    return {
      ...noSavedItems<Recipient, RecipientDraft>(),
      lookup: null,
      provinces: [],
      cantons: [],
      districts: [],

      async load() {
        const ticket = ++listed;
        try {
          const { items, pagination } = await api.list(get().search);
          if (ticket === listed) set({ items, total: pagination.total, loaded: true, error: null });
        } catch (error) {
          fail(error);
        }
      },

      setSearch(search) {
        set({ search });
      },

      open(recipient) {
        return edit(recipient.id, draftOf(recipient));
      },

      startNew() {
        return edit('new', emptyDraft());
      },

      close() {
        form++;
        set({ openId: null, draft: null, lookup: null, fieldErrors: {}, saved: false });
      },

      setDraft(changes) {
        const draft = get().draft;
        if (draft) set({ draft: { ...draft, ...changes }, saved: false });
      },

      async setProvince(province) {
        get().setDraft({ province, canton: '', district: '' });
        set({ cantons: [], districts: [] });
        if (province === '') return;
        const asked = form;
        try {
          const cantons = await api.cantons(province);
          if (asked === form && get().draft?.province === province) set({ cantons });
        } catch (error) {
          fail(error);
        }
      },

      async setCanton(canton) {
        const province = get().draft?.province ?? '';
        get().setDraft({ canton, district: '' });
        set({ districts: [] });
        if (canton === '' || province === '') return;
        const asked = form;
        try {
          const districts = await api.districts(province, canton);
          if (asked === form && get().draft?.province === province && get().draft?.canton === canton) set({ districts });
        } catch (error) {
          fail(error);
        }
      },

      async lookUp() {
        const draft = get().draft;
        const identification = normalizeIdentification(draft?.identification_number ?? '');
        if (!draft || identification === '' || get().lookup?.state === 'looking') return;
        const asked = form;
        /**
         * The answer's outcome, if it is still about the form: another recipient opened meanwhile → nothing
         * (that form has its own look-up); the number retyped → no answer shown (it was about another number).
         */
        const answer = (lookup: Lookup, changes: Partial<RecipientsState> = {}) => {
          if (asked !== form) return;
          const now = get().draft;
          if (now && normalizeIdentification(now.identification_number) === identification) set({ lookup, ...changes });
          else set({ lookup: null });
        };
        set({ lookup: { state: 'looking' } });
        try {
          const saved = await api.saved(identification);
          if (saved && saved.id !== get().openId) return answer({ state: 'saved', recipient: saved });
          const taxpayer = await api.taxpayer(identification);
          const now = get().draft;
          if (!taxpayer) answer({ state: 'not_found' });
          else answer({ state: 'found', taxpayer }, now ? { draft: applyTaxpayer(now, taxpayer) } : {});
        } catch (error) {
          // Offline with nothing cached (503), or the register refusing the number: the form still works by hand.
          answer({ state: 'unavailable', message: asError(error).message });
        }
      },

      save() {
        const asked = form;
        return saveDraft(get, set, {
          problems: draftProblems,
          send: (draft, openId) => (openId === 'new' ? api.create(inputOf(draft)) : api.replace(openId, inputOf(draft))),
          // Another recipient opened while this one was saved stays open.
          saved: (recipient) => asked === form && set({ openId: recipient.id, draft: draftOf(recipient), tried: false, saved: true, lookup: null }),
        });
      },

      remove: () => removeOpen(get(), api.remove, fail),
    };
  });
}

export const useRecipients = createRecipientsStore();
