/**
 * "Declaración IVA" state: the form (month, percentage, figures by hand), the worksheet computed for it
 * (with the parameters it was computed with, which the exports use), and the documents behind the line the
 * shopkeeper opened. No DOM.
 */
import { create } from 'zustand';
import { asError } from '../shared/async-action.ts';
import { createVatApi, type VatApi, type VatParams } from './api.ts';
import { emptyForm, formProblems, paramsOf, type VatForm } from './params.ts';
import type { VatLine, VatLineDocument, VatWorksheet } from './types.ts';

export interface Drill {
  line: VatLine;
  documents: VatLineDocument[] | null;
  error: Error | null;
}

export interface VatState {
  form: VatForm;
  tried: boolean;
  worksheet: VatWorksheet | null;
  /** What `worksheet` was computed with: the exports ask for the same. */
  computedWith: VatParams | null;
  loading: boolean;
  error: Error | null;
  drill: Drill | null;
  setField<K extends keyof VatForm>(name: K, value: VatForm[K]): void;
  compute(): Promise<void>;
  openLine(line: VatLine | null): Promise<void>;
}

export function createVatStore(api: VatApi = createVatApi()) {
  return create<VatState>((set, get) => {
    let version = 0;
    let drillVersion = 0;
    return {
      form: emptyForm(),
      tried: false,
      worksheet: null,
      computedWith: null,
      loading: false,
      error: null,
      drill: null,

      setField(name, value) {
        set({ form: { ...get().form, [name]: value } });
      },

      async compute() {
        const form = get().form;
        set({ tried: true });
        if (Object.keys(formProblems(form)).length > 0) return;
        const params = paramsOf(form);
        const mine = ++version;
        set({ loading: true, error: null, drill: null });
        try {
          const worksheet = await api.worksheet(params);
          if (mine === version) set({ worksheet, computedWith: params });
        } catch (error) {
          if (mine === version) set({ error: asError(error), worksheet: null, computedWith: null });
        } finally {
          if (mine === version) set({ loading: false });
        }
      },

      async openLine(line) {
        const mine = ++drillVersion;
        const month = get().computedWith?.month;
        if (!line || !month) {
          set({ drill: null });
          return;
        }
        set({ drill: { line, documents: null, error: null } });
        try {
          const documents = await api.lineDocuments(line.id, month);
          if (mine === drillVersion) set({ drill: { line, documents, error: null } });
        } catch (error) {
          if (mine === drillVersion) set({ drill: { line, documents: [], error: asError(error) } });
        }
      },
    };
  });
}

export const useVat = createVatStore();
