/**
 * The list's filters (state, supplier, month) and its order (newest first, or the nearest answer deadline
 * first: `sort=deadline`) as the query GET /received-documents takes.
 */
import type { ListFilters } from './api.ts';
import type { ReceivedDocument, ReceivedState } from './types.ts';

export interface Filters {
  state: ReceivedState | '';
  /** The supplier's identification as typed: sent once it is one (9 to 12 digits or capitals). */
  supplier: string;
  /** YYYY-MM, the transaction month. */
  month: string;
  nearestFirst: boolean;
}

export const emptyFilters = (): Filters => ({ state: '', supplier: '', month: '', nearestFirst: true });

const IDENTIFICATION = /^[0-9A-Z]{9,12}$/;

/** The supplier filter without spaces or dashes, upper-cased; whether it can be sent. */
export function supplierOf(typed: string): { value: string; valid: boolean } {
  const value = typed.replace(/[\s-]/g, '').toUpperCase();
  return { value, valid: value === '' || IDENTIFICATION.test(value) };
}

export function queryOf(filters: Filters): ListFilters {
  const supplier = supplierOf(filters.supplier);
  return {
    state: filters.state, month: filters.month, ...(supplier.valid && supplier.value && { supplier: supplier.value }), ...(filters.nearestFirst && { sort: 'deadline' as const }),
  };
}

export const hasFilters = (f: Filters) => f.state !== '' || f.supplier !== '' || f.month !== '';

/** Whether the shopkeeper can still answer it: pending, with its window open. */
export const answerable = (doc: Pick<ReceivedDocument, 'state' | 'deadline'>) => doc.state === 'pending' && doc.deadline !== 'passed';
