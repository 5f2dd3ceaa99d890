/**
 * How catalog searches read what a user typed: case and accents do not matter (`CAFÉ` = `cafe`, `ñ` = `n`,
 * as FTS5's `unicode61 remove_diacritics 2` tokenizer indexes them), common Spanish words are dropped, and a
 * plural finds its singular (`tomates` finds `tomate`), so the query means what a shop assistant means.
 */

import { foldText } from '../domain/text-fold.ts';

export { foldText };

const NON_ASCII = /[^\x00-\x7f]/;

/**
 * The words of a text, folded: runs of letters and digits. The same as splitting foldText(text) on what
 * is not a letter or digit, faster for Spanish (a search ranks hundreds of descriptions): accents are the
 * common combining marks, and a text that is ASCII once they are gone splits on an ASCII class.
 */
export function foldedWords(text: string): string[] {
  let folded = text.toLowerCase();
  if (NON_ASCII.test(folded)) folded = folded.normalize('NFD').replace(/[\u0300-\u036f]+/g, '');
  const words = NON_ASCII.test(folded) ? foldText(folded).split(/[^\p{L}\p{N}]+/u) : folded.split(/[^a-z0-9]+/);
  return words.filter((w) => w !== '');
}

/** Words too common to tell entries apart (articles, prepositions, conjunctions) and `n.c.p.` ("no clasificado en otra parte"). */
const STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'al', 'con', 'de', 'del', 'e', 'el', 'en', 'la', 'las', 'lo', 'los', 'o', 'para', 'por', 'sin', 'su', 'sus', 'u', 'un', 'una', 'y',
  'n', 'c', 'p', 'ncp',
]);

/**
 * The words a search looks for, without stop words (a query of stop words only finds nothing: `de` would
 * match half the catalog), at most `max` (a pasted paragraph must not become a 200-term query).
 */
export function searchWords(text: string, max = 8): string[] {
  return [...new Set(foldedWords(text).filter((w) => !isStopWord(w)))].slice(0, max);
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/**
 * The words of a query as typed, stop words included, for ranking by phrase (cabys-rank.ts): `sin` does not
 * narrow a search (every word must match, and `sin` is everywhere), but "restaurante sin mesero" is a
 * different phrase from "restaurante con mesero". At most `max`, like searchWords.
 */
export function phraseWords(text: string, max = 10): string[] {
  return foldedWords(text).slice(0, max);
}

/**
 * A light Spanish plural folding for prefix matching: `limones` -> `limon`, `tomates` -> `tomate`,
 * `flores` -> `flor`. Short words and numbers stay as they are.
 */
export function singular(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.length > 4 && /[nrldj]es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** Text that is a code or the start of one: digits, possibly written with spaces, dots or dashes. */
export function codeDigits(text: string): string | undefined {
  const trimmed = text.trim();
  if (!/^[\d .-]+$/.test(trimmed)) return undefined;
  const digits = trimmed.replace(/[ .-]/g, '');
  return digits === '' ? undefined : digits;
}
