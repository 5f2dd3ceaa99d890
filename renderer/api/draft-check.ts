/**
 * POST /hacienda/validate's answer, read by the counter's and the invoice's live totals. It mirrors
 * DraftCheck of src/documents/draft-check.ts (the spec's DraftValidationResult plus, beyond the spec, the
 * engine's amounts of a valid draft: docs/draft-totals.md). Written out rather than imported: a type
 * import from there would make the renderer's tsconfig typecheck the server's files.
 */

/** The draft's totals, named as the request's `totals`; the five the screens show are always there. */
export interface DraftTotals {
  total: number;
  total_sales: number;
  total_net_sales: number;
  total_discount: number;
  total_taxes: number;
  [name: string]: number;
}

/** The engine's amounts of one line of a valid draft, in the order of the draft's items. */
export interface DraftLineAmounts {
  line_number: number;
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
}

/** Amounts only for a valid draft; an invalid one answers its problems as "path: message" lines. */
export interface DraftCheck {
  valid: boolean;
  errors?: string[];
  warnings?: string[];
  totals?: DraftTotals;
  lines?: DraftLineAmounts[];
}
