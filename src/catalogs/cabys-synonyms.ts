/**
 * The shop's words that CABYS does not use (resources/catalogs/cabys-synonyms.tsv): a soda sells
 * "empanadas", "casados" and "refrescos", which the catalogue files under "Comidas preparadas ...",
 * "Suministro de comida ..." and "Bebidas naturales preparadas ...". Each word maps to phrases of the
 * catalogue's own wording; a search for the word also finds the entries that contain one of its phrases
 * (fts-query.ts), ranked like any other match (cabys-rank.ts). Applied when searching, not when indexing,
 * so an imported official catalogue gets them too, and changing the list rebuilds nothing.
 */
import { resourceRows } from './resources.ts';
import { foldedWords, singular } from './search-text.ts';

let synonyms: ReadonlyMap<string, string[][]> | undefined;

function load(): ReadonlyMap<string, string[][]> {
  const map = new Map<string, string[][]>();
  for (const [word = '', phrases = ''] of resourceRows('cabysSynonyms')) {
    const key = singular(foldedWords(word).join(' '));
    const list = phrases.split('|').map(foldedWords).filter((p) => p.length > 0);
    if (key && list.length > 0) map.set(key, list);
  }
  return map;
}

/** The catalogue phrases (folded words) a search word also stands for; none for most words. */
export function synonymPhrases(word: string): readonly string[][] {
  synonyms ??= load();
  return synonyms.get(singular(word)) ?? synonyms.get(word) ?? [];
}
