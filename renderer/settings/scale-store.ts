/**
 * Settings → Balanza / etiquetas: the shop's scale-label formats (GET/PUT /settings/till, `scale_formats`
 * only: the lock and discount members of the same settings are kept as they are). The rows are edited as
 * typed text and sent as they are; the server checks them (prefix 20–29 and once each, digits, decimals)
 * and its messages show under the row and field they name (`scale_formats.N.prefix`).
 */
import { create } from 'zustand';
import { api as defaultClient, type ApiClient } from '../api/client.ts';
import type { TillSettingsInputView, TillSettingsView } from '../api/schemas.ts';
import { formFailure } from '../shared/async-action.ts';
import { idle, sectionRunner, type SectionState } from './section.ts';

export interface FormatRow {
  prefix: string;
  itemDigits: string;
  value: 'weight' | 'price';
  decimals: string;
}

export interface ScaleState extends SectionState {
  loaded: boolean;
  rows: FormatRow[];
  /** The server's messages by field path (`scale_formats.0.prefix`). */
  fieldErrors: Record<string, string[]>;
  load(): Promise<void>;
  change(index: number, patch: Partial<FormatRow>): void;
  /** A new row: the next free prefix, item of 5 digits, weight in grams (the common scale's programming). */
  add(): void;
  remove(index: number): void;
  save(): Promise<boolean>;
}

export function scaleApi(client: Pick<ApiClient, 'data'> = defaultClient) {
  return {
    tillSettings: () => client.data<TillSettingsView>('GET', '/settings/till'),
    saveTillSettings: (input: TillSettingsInputView) => client.data<TillSettingsView>('PUT', '/settings/till', input),
  };
}

const rowOf = (f: TillSettingsView['scale_formats'][number]): FormatRow => ({ prefix: f.prefix, itemDigits: String(f.item_digits), value: f.value, decimals: String(f.decimals) });

/** A typed count as the integer it says, or -1 (which the server refuses with its own words) for anything else. */
const count = (typed: string) => (/^\d{1,2}$/.test(typed.trim()) ? Number(typed.trim()) : -1);

export function formatsBody(rows: readonly FormatRow[]): TillSettingsInputView {
  return { scale_formats: rows.map((r) => ({ prefix: r.prefix.trim(), item_digits: count(r.itemDigits), value: r.value, decimals: count(r.decimals) })) };
}

function nextPrefix(rows: readonly FormatRow[]): string {
  for (let n = 20; n <= 29; n++) if (!rows.some((r) => r.prefix.trim() === String(n))) return String(n);
  return '';
}

export function createScaleStore(api: ReturnType<typeof scaleApi> = scaleApi()) {
  return create<ScaleState>((set, get) => {
    const run = sectionRunner(get, set);
    return {
      ...idle,
      loaded: false,
      rows: [],
      fieldErrors: {},
      async load() {
        await run(async () => {
          const settings = await api.tillSettings();
          set({ rows: settings.scale_formats.map(rowOf), loaded: true, fieldErrors: {} });
        }, false);
      },
      change(index, patch) {
        set({ rows: get().rows.map((row, i) => (i === index ? { ...row, ...patch } : row)), saved: false });
      },
      add() {
        set({ rows: [...get().rows, { prefix: nextPrefix(get().rows), itemDigits: '5', value: 'weight', decimals: '3' }], saved: false });
      },
      remove(index) {
        set({ rows: get().rows.filter((_, i) => i !== index), fieldErrors: {}, saved: false });
      },
      save: async () => {
        set({ fieldErrors: {} });
        return run(async () => {
          try {
            const settings = await api.saveTillSettings(formatsBody(get().rows));
            set({ rows: settings.scale_formats.map(rowOf) });
          } catch (error) {
            set({ fieldErrors: formFailure(error).fieldErrors });
            throw error;
          }
        });
      },
    };
  });
}

export const useScaleFormats = createScaleStore();
