/**
 * POST /hacienda/validate's answer, read by the counter's and the invoice's live totals: the server's
 * DraftResultReply (src/api/sections/hacienda/schemas.ts, derived in ./schemas.ts), which mirrors DraftCheck
 * of src/documents/draft-check.ts (the spec's DraftValidationResult plus, beyond the spec, the engine's
 * amounts of a valid draft: docs/draft-totals.md).
 */
import type { DraftResultView } from './schemas.ts';

/**
 * The draft's totals, named as the request's `totals`; the schema says only "numbers by name", and the five
 * the screens show are always there (src/documents/draft-check.ts).
 */
export type DraftTotals = NonNullable<DraftResultView['totals']> & {
  total: number;
  total_sales: number;
  total_net_sales: number;
  total_discount: number;
  total_taxes: number;
};

/** The engine's amounts of one line of a valid draft, in the order of the draft's items. */
export type DraftLineAmounts = Pick<NonNullable<DraftResultView['lines']>[number], 'line_number' | 'subtotal' | 'discount' | 'tax' | 'total'>;

/** Amounts only for a valid draft; an invalid one answers its problems as "path: message" lines. */
export type DraftCheck = Pick<DraftResultView, 'valid' | 'errors' | 'warnings'> & {
  totals?: DraftTotals;
  lines?: DraftLineAmounts[];
};
