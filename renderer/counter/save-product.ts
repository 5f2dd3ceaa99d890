/**
 * "Guardar como producto": a line rung up by CABYS code (no saved product behind it), saved after the sale
 * under a short code and a short name the shopkeeper chooses, with the line's price, unit and VAT rate
 * (POST /products, docs/products.md). Typing that code at the counter then finds it with its price: the
 * next sale of it is a saved product's few keys instead of a CABYS search and a price.
 */
import { create } from 'zustand';
import { ApiRequestError } from '../api/client.ts';
import { busyRunner, type BusyState } from '../shared/async-action.ts';
import { counterApi, type CounterApi } from './api.ts';
import type { TicketLine } from '../shared/ticket/ticket-request.ts';

/** CodigoComercial/Codigo: a product code is 1-20 characters (docs/products.md). */
export const PRODUCT_CODE_MAX = 20;

export interface ProductForm {
  /** Which line of the issued ticket (its index). */
  line: number;
  code: string;
  name: string;
}

export interface SaveProductState extends BusyState {
  form: ProductForm | null;
  /** Codes saved from here, by the index of their line in the issued ticket `of`. */
  saved: Record<number, string>;
  /** The clave of the ticket `saved` is about: another ticket starts afresh. */
  of: string | null;
  /** The form's field the server refused, if one (`code` taken or too long, `description`). */
  field: 'code' | 'description' | null;
  open(clave: string, line: number): void;
  edit(change: Partial<Pick<ProductForm, 'code' | 'name'>>): void;
  close(): void;
  /** `shopIncludesVat`: the shop's "prices include VAT", what a line's price means unless its product said otherwise. */
  save(lines: readonly TicketLine[], shopIncludesVat: boolean): Promise<boolean>;
}

/** The lines of a ticket a product could be saved from: those rung up by CABYS code. */
export function unsavedLines(lines: readonly TicketLine[]): Array<{ line: TicketLine; index: number }> {
  return lines.map((line, index) => ({ line, index })).filter(({ line }) => !line.productCode);
}

function refusedField(error: unknown): SaveProductState['field'] {
  if (!(error instanceof ApiRequestError)) return null;
  if (error.code === 'product_code_taken' || 'code' in error.fieldErrors) return 'code';
  return 'description' in error.fieldErrors ? 'description' : null;
}

export function createSaveProductStore(api: Pick<CounterApi, 'saveProduct'> = counterApi()) {
  return create<SaveProductState>((set, get) => {
    const run = busyRunner(get, set);
    return {
      busy: false,
      error: null,
      form: null,
      saved: {},
      of: null,
      field: null,
      open(clave, line) {
        const saved = get().of === clave ? get().saved : {};
        set({ form: { line, code: '', name: '' }, saved, of: clave, error: null, field: null });
      },
      edit(change) {
        const form = get().form;
        if (form) set({ form: { ...form, ...change } });
      },
      close() {
        set({ form: null, error: null, field: null });
      },
      save(lines, shopIncludesVat) {
        const form = get().form;
        const line = form ? lines[form.line] : undefined;
        if (!form || !line) return Promise.resolve(false);
        const code = form.code.trim();
        const name = form.name.trim();
        // Both are required: said next to the field at once, without asking the server.
        if (code === '' || name === '') {
          set({ field: code === '' ? 'code' : 'description', error: null });
          return Promise.resolve(false);
        }
        return run(async () => {
          try {
            // The price as rung up, with what it meant: the product rings up the same total next time.
            await api.saveProduct({
              code, description: name, cabys_code: line.cabysCode, unit: line.unit, price: line.price, tax_rate_code: line.rateCode,
              price_includes_vat: line.priceIncludesVat ?? shopIncludesVat,
            });
          } catch (error) {
            set({ field: refusedField(error) });
            throw error;
          }
          set({ saved: { ...get().saved, [form.line]: code }, form: null, field: null });
        });
      },
    };
  });
}

export const useSaveProduct = createSaveProductStore();
