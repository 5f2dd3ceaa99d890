/**
 * A rejection in plain words: the known codes in the shopkeeper's language (`plain`), else the server's
 * friendly text; the tax authority's own wording beside it for whoever fixes the problem.
 */
import type { RejectionEntry } from './types.ts';

export interface RejectionView {
  text: string;
  /** The tax authority's message, when it says more than `text`. */
  original: string | null;
  /** The XML element it is about, if the message names one. */
  field: string | null;
  location: string | null;
}

export function rejectionView(r: RejectionEntry | string, plain: (code: string) => string | null): RejectionView {
  if (typeof r === 'string') return { text: r, original: null, field: null, location: null };
  const code = r.error_code ?? r.code ?? '';
  const text = (code && plain(code)) || r.friendly_message || r.message || code || JSON.stringify(r);
  const original = r.message && r.message !== text ? r.message : null;
  return { text, original, field: r.element_name ?? null, location: r.location ?? null };
}
