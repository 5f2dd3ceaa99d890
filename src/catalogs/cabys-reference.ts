/**
 * Reading CABYS for the reference endpoints: search (full text or code prefix), the levels to browse,
 * and codes by number with their categories. docs/catalogs.md explains the choices.
 */
import { cabysCategoryCodes, cabysLevelOf, CABYS_LEVELS } from './cabys-levels.ts';
import type { CatalogDb } from './db/catalog-db.ts';
import {
  cabysByCodes, cabysByPrefix, cabysCategoriesByCodes, cabysCategoryPage, countCabysByPrefix, countCabysCategories, countCabysText,
  searchCabysText, searchCabysTextByBrevity, type CabysCategoryRow, type CabysCodeRow,
} from './db/cabys-tables.ts';
import { matchingSearch } from './fts-query.ts';
import { offsetOf, paged, type Page, type PageRequest } from './page.ts';
import { codeDigits, searchWords } from './search-text.ts';

export interface CabysEntry extends CabysCodeRow {
  /** The categories above the code, level 1 to 8; `description` null where the catalog does not name them. */
  categories: { code: string; description: string | null }[];
  /** Relevance in a search (higher is better). */
  score?: number;
}

export type CabysBrowse =
  | { kind: 'categories'; level: number; parent: CabysCategoryRow | null; page: Page<CabysCategoryRow> }
  | { kind: 'codes'; level: number; parent: CabysCategoryRow | null; page: Page<CabysEntry> }
  | { kind: 'parent_not_found' }
  | { kind: 'level_not_below_parent'; parentLevel: number };

const CODE_DIGITS = 13;

/** Matches up to which a search is ranked by bm25; beyond, by brevity (db/cabys-tables.ts says why). */
export const RANKED_MATCHES = 1000;

export class CabysReference {
  constructor(private readonly db: () => CatalogDb) {}

  /**
   * Digits (spaces, dots and dashes allowed) look up codes that start with them; if none does, and for
   * any other text, a full-text search where every word must match, or any word when none matches all;
   * ranked by bm25 up to RANKED_MATCHES matches, by brevity beyond.
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
    const found = matchingSearch(searchWords(query), (match) => countCabysText(db, match));
    if (!found) return { items: [], total: 0 };
    // The count decides whether ranking all matches is affordable.
    const search = found.total <= RANKED_MATCHES ? searchCabysText : searchCabysTextByBrevity;
    return { total: found.total, items: this.withCategories(search(db, found.match, page.perPage, offsetOf(page))) };
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
  categories(): CabysCategoryRow[] {
    return cabysCategoryPage(this.db(), 1, '', 100, 0);
  }

  /**
   * Entries of a level (default: the level below `parent`, or 1), under `parent` when given. Levels 1-8
   * are categories, level 9 the codes.
   */
  browse(options: { level?: number; parent?: string }, page: PageRequest): CabysBrowse {
    const db = this.db();
    let parent: CabysCategoryRow | null = null;
    if (options.parent !== undefined) {
      const level = cabysLevelOf(options.parent);
      parent = level !== undefined && level < CABYS_LEVELS ? (cabysCategoriesByCodes(db, [options.parent])[0] ?? null) : null;
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
    return { kind: 'categories', level, parent, page: found };
  }

  private withCategories<T extends CabysCodeRow>(rows: T[]): (T & CabysEntry)[] {
    if (rows.length === 0) return [];
    const wanted = new Set(rows.flatMap((r) => cabysCategoryCodes(r.code)));
    const names = new Map(cabysCategoriesByCodes(this.db(), [...wanted]).map((c) => [c.code, c.description]));
    return rows.map((r) => ({ ...r, categories: cabysCategoryCodes(r.code).map((code) => ({ code, description: names.get(code) ?? null })) }));
  }
}
