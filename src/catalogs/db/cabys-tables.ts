/**
 * CABYS in the catalog database: `cabys` (one row per 13-digit code; id = the code as a number, so it
 * stays the same across catalog versions), `cabys_category` (levels 1 to 8) and `cabys_fts`, a contentless
 * FTS5 index of the descriptions (weight 10 in bm25) and the official workbook's include notes (weight 1).
 *
 * The index's rowid is `cabys.position`, the code's place in brevity order (shortest description first).
 * FTS5 walks its matches in rowid order, so a search that matches thousands of entries (`par`, `servicios`)
 * can take the shortest ones and stop, where bm25 must score every match (about 1 µs each): general
 * entries come first, and no search costs more than the index walk of a few pages.
 */
import type { CabysCategoryRecord } from '../cabys-levels.ts';
import { replaceTables, SPANISH_TOKENIZER, statement, type CatalogDb, type TableDefinitions } from './catalog-db.ts';

export interface CabysCodeRecord {
  code: string;
  description: string;
  /** Suggested VAT percentage as a decimal string (`13`, `0.5`); null when the source gives none. */
  taxRate: string | null;
  includesNote: string | null;
  excludesNote: string | null;
}

export interface CabysCodeRow extends CabysCodeRecord {
  id: number;
}

export interface CabysCategoryRow {
  level: number;
  code: string;
  parentCode: string | null;
  description: string | null;
  children: number;
  codes: number;
}

const TABLES: TableDefinitions = {
  cabys: (name) => `CREATE TABLE ${name} (id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, position INTEGER NOT NULL UNIQUE,
    description TEXT NOT NULL, tax_rate TEXT, includes_note TEXT, excludes_note TEXT)`,
  cabys_category: (name) => `CREATE TABLE ${name} (code TEXT PRIMARY KEY, level INTEGER NOT NULL, parent_code TEXT,
    description TEXT, children INTEGER NOT NULL, codes INTEGER NOT NULL, UNIQUE (level, code)) WITHOUT ROWID`,
  // Prefix indexes make `ar*` and `arr*` as quick as `arroz`; longer prefixes span few terms anyway.
  cabys_fts: (name) => `CREATE VIRTUAL TABLE ${name} USING fts5(description, notes, content = '', ${SPANISH_TOKENIZER}, prefix = '2 3')`,
};

/** Replaces the CABYS tables with these codes and categories; `meta` commits with them. */
export function replaceCabys(db: CatalogDb, codes: readonly CabysCodeRecord[], categories: readonly CabysCategoryRecord[], meta: Record<string, string>, onProgress?: (done: number) => void): void {
  replaceTables(db, TABLES, (t) => {
    const code = db.prepare(`INSERT INTO ${t['cabys']} (id, code, position, description, tax_rate, includes_note, excludes_note) VALUES (?, ?, ?, ?, ?, ?, ?)`);
    const byBrevity = [...codes].sort((a, b) => a.description.length - b.description.length || (a.code < b.code ? -1 : 1));
    byBrevity.forEach((c, i) => {
      code.run(Number(c.code), c.code, i + 1, c.description, c.taxRate, c.includesNote, c.excludesNote);
      if (i % 1000 === 999) onProgress?.(i + 1);
    });
    db.exec(`INSERT INTO ${t['cabys_fts']} (rowid, description, notes) SELECT position, description, coalesce(includes_note, '') FROM ${t['cabys']}`);
    const category = db.prepare(`INSERT INTO ${t['cabys_category']} (code, level, parent_code, description, children, codes) VALUES (?, ?, ?, ?, ?, ?)`);
    for (const c of categories) category.run(c.code, c.level, c.parentCode, c.description, c.children, c.codes);
  }, meta);
}

const CODE_COLUMNS = 'c.id, c.code, c.description, c.tax_rate AS taxRate, c.includes_note AS includesNote, c.excludes_note AS excludesNote';

/** Codes by their 13 digits, in no particular order; unknown codes are simply absent. */
export function cabysByCodes(db: CatalogDb, codes: readonly string[]): CabysCodeRow[] {
  return statement(db, `SELECT ${CODE_COLUMNS} FROM cabys c WHERE c.code IN (SELECT value FROM json_each(?))`).all(JSON.stringify(codes)) as CabysCodeRow[];
}

/** Every full-text match, in no particular order: the caller ranks them (cabys-rank.ts). */
export function cabysTextMatches(db: CatalogDb, match: string): CabysCodeRow[] {
  return statement(db, `SELECT ${CODE_COLUMNS} FROM cabys_fts JOIN cabys c ON c.position = cabys_fts.rowid WHERE cabys_fts MATCH ?`).all(match) as CabysCodeRow[];
}

/** A page of full-text matches by bm25 relevance (description 10, notes 1; a word found whole counts twice), best first. */
export function searchCabysText(db: CatalogDb, match: string, limit: number, offset: number): (CabysCodeRow & { score: number })[] {
  return statement(db, `SELECT ${CODE_COLUMNS}, -bm25(cabys_fts, 10.0, 1.0) AS score FROM cabys_fts JOIN cabys c ON c.position = cabys_fts.rowid
    WHERE cabys_fts MATCH ? ORDER BY bm25(cabys_fts, 10.0, 1.0), c.code LIMIT ? OFFSET ?`).all(match, limit, offset) as (CabysCodeRow & { score: number })[];
}

/**
 * A page of full-text matches in brevity order (shortest description first), without scoring any; the
 * score falls with the position.
 */
export function searchCabysTextByBrevity(db: CatalogDb, match: string, limit: number, offset: number): (CabysCodeRow & { score: number })[] {
  return statement(db, `SELECT ${CODE_COLUMNS}, 1.0 - c.position / (SELECT count(*) + 1.0 FROM cabys) AS score
    FROM cabys_fts JOIN cabys c ON c.position = cabys_fts.rowid WHERE cabys_fts MATCH ? ORDER BY cabys_fts.rowid LIMIT ? OFFSET ?`).all(match, limit, offset) as (CabysCodeRow & { score: number })[];
}

export function countCabysText(db: CatalogDb, match: string): number {
  return (statement(db, 'SELECT count(*) AS n FROM cabys_fts WHERE cabys_fts MATCH ?').get(match) as { n: number }).n;
}

/** `code >= prefix AND code < prefix + ':'` is every code starting with the prefix (':' follows '9'). */
const PREFIX_RANGE = "c.code >= @prefix AND c.code < @prefix || ':'";

/** A page of the codes that start with a prefix, by code. */
export function cabysByPrefix(db: CatalogDb, prefix: string, limit: number, offset: number): CabysCodeRow[] {
  return statement(db, `SELECT ${CODE_COLUMNS} FROM cabys c WHERE ${PREFIX_RANGE} ORDER BY c.code LIMIT @limit OFFSET @offset`).all({ prefix, limit, offset }) as CabysCodeRow[];
}

export function countCabysByPrefix(db: CatalogDb, prefix: string): number {
  return (statement(db, `SELECT count(*) AS n FROM cabys c WHERE ${PREFIX_RANGE}`).get({ prefix }) as { n: number }).n;
}

const CATEGORY_COLUMNS = 'c.level, c.code, c.parent_code AS parentCode, c.description, c.children, c.codes';

/** Categories by code (any level 1..8); unknown ones are absent. */
export function cabysCategoriesByCodes(db: CatalogDb, codes: readonly string[]): CabysCategoryRow[] {
  return statement(db, `SELECT ${CATEGORY_COLUMNS} FROM cabys_category c WHERE c.code IN (SELECT value FROM json_each(?))`).all(JSON.stringify(codes)) as CabysCategoryRow[];
}

/** A page of the categories of a level whose code starts with `prefix` ('' for all), by code. */
export function cabysCategoryPage(db: CatalogDb, level: number, prefix: string, limit: number, offset: number): CabysCategoryRow[] {
  return statement(db, `SELECT ${CATEGORY_COLUMNS} FROM cabys_category c WHERE c.level = @level AND ${PREFIX_RANGE} ORDER BY c.code LIMIT @limit OFFSET @offset`)
    .all({ prefix, limit, offset, level }) as CabysCategoryRow[];
}

export function countCabysCategories(db: CatalogDb, level: number, prefix: string): number {
  return (statement(db, `SELECT count(*) AS n FROM cabys_category c WHERE c.level = @level AND ${PREFIX_RANGE}`).get({ prefix, level }) as { n: number }).n;
}

/** Every code with its suggested rate (what document validation needs), in code order. */
export function allCabysCodes(db: CatalogDb): { code: string; taxRate: string | null; description: string }[] {
  return statement(db, 'SELECT code, tax_rate AS taxRate, description FROM cabys ORDER BY code').all() as { code: string; taxRate: string | null; description: string }[];
}
