/**
 * How CABYS search results are ordered (docs/catalogs.md, "Ranking"): by what a shopkeeper means with the
 * words typed, on the code's own description — the most specific level, not its categories' names.
 * In order of weight:
 *
 * 1. how many of the words the description has (all before some, when the search fell back to any word);
 * 2. the words as typed next to each other, in order, small words included: "restaurante sin mesero" is
 *    the phrase of one entry and not of its "con mesero" neighbour, "café caliente" the phrase of a drink
 *    and not of an air dryer "... aire caliente ... café";
 * 3. the words in the order typed;
 * 4. words found as typed before their singular, before longer words that start with them (a shop word's
 *    first synonym phrase counts as its singular, its other phrases as longer words);
 * 5. the first word early in the description ("Arroz pilado" before "Harina de arroz");
 * 6. the words close together;
 * 7. the shorter description, the general entry before the specific one.
 *
 * Pure: the candidates come from the full-text index (cabys-reference.ts), which decided what matches.
 */
import type { Expand } from './fts-query.ts';
import { foldedWords, isStopWord, singular } from './search-text.ts';

export interface RankQuery {
  /** The words every match has (searchWords: no stop words). */
  words: readonly string[];
  /** The words as typed, stop words included (phraseWords). */
  phrase: readonly string[];
  /** Catalogue phrases a word also stands for (synonyms). */
  expand: Expand;
}

interface Occurrence {
  start: number;
  /** One past the last word it covers (a synonym phrase covers several). */
  end: number;
  /** 2 as typed, 1 its singular or its first synonym phrase, 0 the start of a longer word or another phrase. */
  quality: number;
}

/** A search word as it is looked for: as typed, its singular (also as a word's start), its synonym phrases. */
interface Term {
  word: string;
  stem: string;
  prefix: boolean;
  phrases: readonly (readonly string[])[];
}

/** A typed word as the phrase criterion compares it: small words only whole, others also as a word's start. */
interface PhraseWord {
  word: string;
  stem: string | undefined;
}

function sameWords(tokens: readonly string[], at: number, phrase: readonly string[]): boolean {
  return phrase.every((w, i) => tokens[at + i] === w);
}

/** Where a search word occurs in the description's words, as the full-text index matched it. */
function occurrences(tokens: readonly string[], term: Term): Occurrence[] {
  const found: Occurrence[] = [];
  tokens.forEach((token, i) => {
    const quality = token === term.word ? 2 : token === term.stem ? 1 : term.prefix && token.startsWith(term.stem) ? 0 : -1;
    if (quality >= 0) found.push({ start: i, end: i + 1, quality });
  });
  // The synonyms file lists a word's phrases best first: "empanada" is a prepared food before a restaurant's service.
  term.phrases.forEach((phrase, rank) => {
    tokens.forEach((_, i) => {
      if (sameWords(tokens, i, phrase)) found.push({ start: i, end: i + phrase.length, quality: rank === 0 ? 1 : 0 });
    });
  });
  return term.phrases.length > 0 ? found.sort((a, b) => a.start - b.start) : found;
}

function matches(token: string | undefined, typed: PhraseWord): boolean {
  return token !== undefined && (token === typed.word || (typed.stem !== undefined && token.startsWith(typed.stem)));
}

/** Pairs of neighbouring typed words found next to each other, in the same order. */
function adjacentPairs(tokens: readonly string[], phrase: readonly PhraseWord[]): number {
  let pairs = 0;
  for (let p = 0; p + 1 < phrase.length; p++) {
    if (tokens.some((token, i) => matches(token, phrase[p]!) && matches(tokens[i + 1], phrase[p + 1]!))) pairs++;
  }
  return pairs;
}

const digit = (value: number) => Math.max(0, Math.min(9, Math.round(value)));

/**
 * The scoring of one query, prepared once for all its candidates: a description's score, higher is better:
 * the seven criteria above, each a decimal place of weight (each squeezed into 0-9, the last into 0-99),
 * so that sorting by it is sorting by them in turn. 0 when the description has none of the words (matched
 * by its notes only).
 */
export function cabysScorer(query: RankQuery): (description: string) => number {
  const terms: Term[] = query.words.map((word) => ({ word, stem: singular(word), prefix: word.length >= 2, phrases: query.expand(word) }));
  const phrase: PhraseWord[] = query.phrase.map((word) => ({ word, stem: isStopWord(word) || word.length < 2 ? undefined : singular(word) }));
  return (description) => {
    const tokens = foldedWords(description);
    const found = terms.map((term) => occurrences(tokens, term)).filter((o) => o.length > 0);
    if (found.length === 0) return 0;
    let quality = 0;
    for (const list of found) quality += Math.max(...list.map((x) => x.quality));
    const first = Math.min(...found.map((o) => o[0]!.start));
    // The words in the order typed, each after the one before (greedy: the earliest that follows).
    let cursor = -1;
    let inOrder = true;
    let covered = 0;
    let last = 0;
    for (const list of found) {
      const next = list.find((o) => o.start >= cursor);
      if (!next) {
        inOrder = false;
        break;
      }
      covered += next.end - next.start;
      cursor = last = next.end;
    }
    const gaps = inOrder ? last - first - covered : 9;
    return found.length * 1e7
      + digit(adjacentPairs(tokens, phrase)) * 1e6
      + (inOrder ? 1e5 : 0)
      + digit((9 * quality) / (2 * terms.length)) * 1e4
      + (9 - digit(first)) * 1e3
      + (9 - digit(gaps)) * 1e2
      + (99 - Math.min(99, tokens.length));
  };
}

/** The candidates best first (ties by code), each with its score as a relevance between 0 and 1. */
export function rankCabys<T extends { code: string; description: string }>(query: RankQuery, candidates: readonly T[]): (T & { score: number })[] {
  const score = cabysScorer(query);
  return candidates
    .map((c) => ({ ...c, score: score(c.description) / 1e8 }))
    .sort((a, b) => b.score - a.score || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}
