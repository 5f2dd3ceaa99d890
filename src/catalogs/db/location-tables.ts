/**
 * Locations in the catalog database: `location` (every unit of the four levels; id = the full code as a
 * number, which no two levels share: 1-7, 101-799, 10101-79999, 1010101-7999999) and `location_fts`, a
 * contentless FTS5 index of each unit's name and its parents' names (so `carmen san jose` finds Carmen in San José).
 */
import { LOCATION_LEVELS, type LocationLevel, type LocationRecord } from '../location-data.ts';
import { foldedWords } from '../search-text.ts';
import { replaceTables, SPANISH_TOKENIZER, statement, type CatalogDb, type TableDefinitions } from './catalog-db.ts';

export interface LocationRow extends LocationRecord {
  id: number;
}

const TABLES: TableDefinitions = {
  // words_key: the name's folded words (`san jose parte`), to put a unit named exactly as searched first.
  location: (name) => `CREATE TABLE ${name} (id INTEGER PRIMARY KEY, level INTEGER NOT NULL, full_code TEXT NOT NULL UNIQUE, code TEXT NOT NULL,
    parent_code TEXT, name TEXT NOT NULL, context TEXT NOT NULL, words_key TEXT NOT NULL, UNIQUE (parent_code, full_code))`,
  location_fts: (name) => `CREATE VIRTUAL TABLE ${name} USING fts5(name, context, content = '', ${SPANISH_TOKENIZER}, prefix = '2 3')`,
};

export function replaceLocations(db: CatalogDb, records: readonly LocationRecord[], meta: Record<string, string>): void {
  replaceTables(db, TABLES, (t) => {
    const unit = db.prepare(`INSERT INTO ${t['location']} (id, level, full_code, code, parent_code, name, context, words_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
    for (const r of records) {
      unit.run(Number(r.fullCode), LOCATION_LEVELS.indexOf(r.level) + 1, r.fullCode, r.code, r.parentCode, r.name, r.context, foldedWords(r.name).join(' '));
    }
    db.exec(`INSERT INTO ${t['location_fts']} (rowid, name, context) SELECT id, name, context FROM ${t['location']}`);
  }, meta);
}

interface RawRow extends Omit<LocationRow, 'level'> {
  level: number;
}

const COLUMNS = 'l.id, l.level, l.full_code AS fullCode, l.code, l.parent_code AS parentCode, l.name, l.context';
const toRow = (r: RawRow): LocationRow => ({ ...r, level: LOCATION_LEVELS[r.level - 1] as LocationLevel });

export function locationByFullCode(db: CatalogDb, fullCode: string): LocationRow | undefined {
  const row = statement(db, `SELECT ${COLUMNS} FROM location l WHERE l.full_code = ?`).get(fullCode) as RawRow | undefined;
  return row && toRow(row);
}

/** The units under a parent (null: the provinces), by code. */
export function locationChildren(db: CatalogDb, parentCode: string | null): LocationRow[] {
  const rows = parentCode === null
    ? statement(db, `SELECT ${COLUMNS} FROM location l WHERE l.level = 1 ORDER BY l.full_code`).all()
    : statement(db, `SELECT ${COLUMNS} FROM location l WHERE l.parent_code = ? ORDER BY l.full_code`).all(parentCode);
  return (rows as RawRow[]).map(toRow);
}

/**
 * A page of full-text matches: units whose own name has every word first (`san jose` puts the units named
 * San José before the districts of the province San José), then the higher level, then a name that is
 * exactly the words searched (`carmen` before `Carmen Lyra`), then code. Not bm25: it favours short
 * parent names, which says nothing about the place.
 */
export function searchLocations(db: CatalogDb, match: string, words: readonly string[], limit: number, offset: number): LocationRow[] {
  return (statement(db, `SELECT ${COLUMNS} FROM location_fts JOIN location l ON l.id = location_fts.rowid WHERE location_fts MATCH @match
    ORDER BY l.id IN (SELECT rowid FROM location_fts WHERE location_fts MATCH @nameMatch) DESC, l.level, l.words_key = @key DESC, l.full_code
    LIMIT @limit OFFSET @offset`).all({ match, nameMatch: `name : (${match})`, key: words.join(' '), limit, offset }) as RawRow[]).map(toRow);
}

export function countLocations(db: CatalogDb, match: string): number {
  return (statement(db, 'SELECT count(*) AS n FROM location_fts WHERE location_fts MATCH ?').get(match) as { n: number }).n;
}
