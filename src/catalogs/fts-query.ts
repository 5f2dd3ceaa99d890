/**
 * FTS5 MATCH expressions from search words (already folded by search-text.ts). Each word matches as typed
 * or as the start of a longer word (`arro` finds `arroz`), and a word found whole counts twice in the bm25
 * score, so `arroz` ranks "Arroz pilado" above "Arrozales". A word may also stand for phrases of the
 * catalogue's wording (`expand`: CABYS synonyms, cabys-synonyms.ts), any of which matches it. Words are
 * quoted: nothing a user types can become FTS5 syntax.
 */
import { singular } from './search-text.ts';

/** Phrases (folded words) a search word also stands for. */
export type Expand = (word: string) => readonly (readonly string[])[];

const none: Expand = () => [];

function term(word: string, expand: Expand): string {
  const phrases = expand(word).map((p) => ` OR "${p.join(' ')}"`).join('');
  // One letter as a prefix would match most of a catalog; it only counts whole.
  if (word.length < 2) return phrases ? `("${word}"${phrases})` : `"${word}"`;
  return `("${word}" OR "${singular(word)}"*${phrases})`;
}

/** Every word must match (`all`), or any of them (`any`, the fallback when `all` finds nothing). */
export function ftsMatch(words: readonly string[], mode: 'all' | 'any' = 'all', expand: Expand = none): string {
  return words.map((w) => term(w, expand)).join(mode === 'all' ? ' AND ' : ' OR ');
}

/**
 * The MATCH of a search and its number of matches: every word (`all`), or any of them (`any`, with two
 * words or more) when none has all; undefined when neither matches anything (or there are no words).
 * Counting is cheap (no scoring, no rows out), so the caller can decide how to rank from the total.
 */
export function matchingSearch(words: readonly string[], count: (match: string) => number, expand: Expand = none): { match: string; total: number; mode: 'all' | 'any' } | undefined {
  for (const mode of ['all', 'any'] as const) {
    if (words.length === 0 || (mode === 'any' && words.length < 2)) break;
    const match = ftsMatch(words, mode, expand);
    const total = count(match);
    if (total > 0) return { match, total, mode };
  }
  return undefined;
}
