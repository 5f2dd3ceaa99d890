/**
 * Reading CABYS for the reference endpoints: search (full text or code prefix), the levels to browse,
 * and codes by number with their categories. docs/catalogs.md explains the choices.
 */
import { cabysCategoryCodes, cabysLevelOf, CABYS_LEVELS } from './cabys-levels.ts';
import { readMetaValue, type CatalogDb } from './db/catalog-db.ts';
import { CABYS_SOURCE_OFFICIAL } from './shipped-datasets.ts';
import {
  cabysByCodes, cabysByPrefix, cabysCategoriesByCodes, cabysCategoryPage, cabysTextMatches, countCabysByPrefix, countCabysCategories, countCabysText,
  searchCabysText, searchCabysTextByBrevity, type CabysCategoryRow, type CabysCodeRow,
} from './db/cabys-tables.ts';
import { matchingSearch } from './fts-query.ts';
import { offsetOf, paged, type Page, type PageRequest } from './page.ts';
import { rankCabys } from './cabys-rank.ts';
import { synonymPhrases } from './cabys-synonyms.ts';
import { codeDigits, phraseWords, searchWords } from './search-text.ts';

/**
 * A category as shown: `description` its name, null where the catalog in use does not name it; `label` what
 * to show for it: the name, else the shipped copy's summary of what is beneath (cabys-level-labels.ts), else
 * the code.
 */
export interface CabysLevel extends CabysCategoryRow {
  label: string;
}

export interface CabysEntry extends CabysCodeRow {
  /** The categories above the code, level 1 to 8. */
  categories: Pick<CabysLevel, 'code' | 'description' | 'label'>[];
  /** Relevance in a search (higher is better). */
  score?: number;
}

export type CabysBrowse =
  | { kind: 'categories'; level: number; parent: CabysLevel | null; page: Page<CabysLevel> }
  | { kind: 'codes'; level: number; parent: CabysLevel | null; page: Page<CabysEntry> }
  | { kind: 'parent_not_found' }
  | { kind: 'level_not_below_parent'; parentLevel: number };

const CODE_DIGITS = 13;

/**
 * How many matches cabys-rank.ts scores: all of them up to this many, else the first this many by bm25
 * (whole words, short descriptions), or by brevity beyond BM25_MATCHES; the rest follow in that order.
 * Scoring reads and splits each description (a few µs): a hundred keeps a search around a millisecond, and
 * is five pages of the API's default size.
 */
export const SCORED_MATCHES = 100;
/** Matches up to which bm25 chooses the ones to score; beyond, brevity (db/cabys-tables.ts says why). */
export const BM25_MATCHES = 1000;

export class CabysReference {
  constructor(private readonly db: () => CatalogDb) {}

  /**
   * Digits (spaces, dots and dashes allowed) look up codes that start with them; if none does, and for
   * any other text, a full-text search where every word (or one of its synonyms) must match, or any word
   * when none matches all; ranked by cabys-rank.ts (the first SCORED_MATCHES), by bm25 or brevity beyond.
   */
  search(query: string, page: PageRequest): Page<CabysEntry> {
    const db = this.db();
    const digits = codeDigits(query);
    if (digits !== undefined && digits.length <= CODE_DIGITS) {
      const found = paged(page, cabysByPrefix(db, digits, page.perPage, offsetOf(page)), () => countCabysByPrefix(db, digits));
      // Every code under a prefix is as good a match as the next; a longer prefix says more.
      const score = Math.round((digits.length / CODE_DIGITS) * 1000) / 1000;
      if (found.total > 0) return { total: found.total, items: this.withCategories(found.items.map((r) => ({ ...r, score }))) };
    }
    const words = searchWords(query);
    const found = matchingSearch(words, (match) => countCabysText(db, match), synonymPhrases);
    if (!found) return { items: [], total: 0 };
    // The count decides what is affordable: scoring every match, else choosing which to score.
    const [from, to] = [offsetOf(page), offsetOf(page) + page.perPage];
    const order = found.total <= BM25_MATCHES ? searchCabysText : searchCabysTextByBrevity;
    const scored = found.total <= SCORED_MATCHES ? cabysTextMatches(db, found.match) : from < SCORED_MATCHES ? order(db, found.match, SCORED_MATCHES, 0) : [];
    const items: (CabysCodeRow & { score: number })[] = rankCabys({ words, phrase: phraseWords(query), expand: synonymPhrases }, scored).slice(from, to);
    // Past the scored ones, in the order that chose them, scored 0.
    const start = Math.max(from, SCORED_MATCHES);
    if (found.total > SCORED_MATCHES && to > start) items.push(...order(db, found.match, to - start, start).map((r) => ({ ...r, score: 0 })));
    return { total: found.total, items: this.withCategories(items) };
  }

  /** One code (13 digits), or undefined. */
  get(code: string): CabysEntry | undefined {
    return this.getMany([code])[0];
  }

  /** Codes in the order asked, each once; unknown codes left out. */
  getMany(codes: readonly string[]): CabysEntry[] {
    const wanted = [...new Set(codes)].filter((c) => /^\d{13}$/.test(c));
    if (wanted.length === 0) return [];
    const byCode = new Map(cabysByCodes(this.db(), wanted).map((r) => [r.code, r]));
    return this.withCategories(wanted.flatMap((c) => byCode.get(c) ?? []));
  }

  /** The level-1 categories. */
  categories(): CabysLevel[] {
    return this.levels(cabysCategoryPage(this.db(), 1, '', 100, 0));
  }

  /**
   * Entries of a level (default: the level below `parent`, or 1), under `parent` when given. Levels 1-8
   * are categories, level 9 the codes.
   */
  browse(options: { level?: number; parent?: string }, page: PageRequest): CabysBrowse {
    const db = this.db();
    let parent: CabysLevel | null = null;
    if (options.parent !== undefined) {
      const level = cabysLevelOf(options.parent);
      parent = level !== undefined && level < CABYS_LEVELS ? (this.levels(cabysCategoriesByCodes(db, [options.parent]))[0] ?? null) : null;
      if (!parent) return { kind: 'parent_not_found' };
    }
    const level = options.level ?? (parent ? parent.level + 1 : 1);
    if (parent && level <= parent.level) return { kind: 'level_not_below_parent', parentLevel: parent.level };
    const prefix = parent?.code ?? '';
    if (level === CABYS_LEVELS) {
      const found = paged(page, cabysByPrefix(db, prefix, page.perPage, offsetOf(page)), () => countCabysByPrefix(db, prefix));
      return { kind: 'codes', level, parent, page: { total: found.total, items: this.withCategories(found.items) } };
    }
    const found = paged(page, cabysCategoryPage(db, level, prefix, page.perPage, offsetOf(page)), () => countCabysCategories(db, level, prefix));
    return { kind: 'categories', level, parent, page: { total: found.total, items: this.levels(found.items) } };
  }

  /**
   * Categories as shown. The shipped copy keeps a summary where the official catalogue has the names of
   * levels 2-8: it is their label, and their description stays null (it is not a name).
   */
  private levels(rows: CabysCategoryRow[]): CabysLevel[] {
    const name = this.namer();
    return rows.map((r) => ({ ...r, ...name(r) }));
  }

  /** A category's description and label as shown (levels() says why they differ). */
  private namer(): (row: CabysCategoryRow) => { description: string | null; label: string } {
    const summarized = readMetaValue(this.db(), 'cabys.source') !== CABYS_SOURCE_OFFICIAL;
    return (r) => ({ description: summarized && r.level >= 2 ? null : r.description, label: r.description ?? r.code });
  }

  private withCategories<T extends CabysCodeRow>(rows: T[]): (T & CabysEntry)[] {
    if (rows.length === 0) return [];
    const wanted = new Set(rows.flatMap((r) => cabysCategoryCodes(r.code)));
    const levels = new Map(cabysCategoriesByCodes(this.db(), [...wanted]).map((c) => [c.code, c]));
    const name = this.namer();
    return rows.map((r) => ({
      ...r,
      categories: cabysCategoryCodes(r.code).map((code) => {
        const level = levels.get(code);
        return level ? { code, ...name(level) } : { code, description: null, label: code };
      }),
    }));
  }
}
