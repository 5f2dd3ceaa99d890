/**
 * Tariff codes in the catalog database: `tariff` (HS chapters, headings, subheadings; id = the code as a
 * number, distinct across levels: 1-99, 101-9999, 10121-999999), `tariff_section`, and `tariff_fts`, a
 * contentless FTS5 index of the English descriptions with the Porter stemmer (`horses` finds `horse`).
 */
import type { TariffRecord, TariffSection } from '../tariff-data.ts';
import { replaceTables, statement, type CatalogDb, type TableDefinitions } from './catalog-db.ts';

export interface TariffRow extends TariffRecord {
  id: number;
  sectionName: string | null;
  children: number;
}

const TABLES: TableDefinitions = {
  tariff: (name) => `CREATE TABLE ${name} (id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, level INTEGER NOT NULL, parent_code TEXT,
    description TEXT NOT NULL, section TEXT, children INTEGER NOT NULL, UNIQUE (parent_code, code))`,
  tariff_section: (name) => `CREATE TABLE ${name} (code TEXT PRIMARY KEY, name TEXT NOT NULL) WITHOUT ROWID`,
  tariff_fts: (name) => `CREATE VIRTUAL TABLE ${name} USING fts5(description, content = '', tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3')`,
};

export function replaceTariffs(db: CatalogDb, sections: readonly TariffSection[], codes: readonly TariffRecord[], meta: Record<string, string>): void {
  const children = new Map<string, number>();
  for (const c of codes) if (c.parentCode) children.set(c.parentCode, (children.get(c.parentCode) ?? 0) + 1);
  replaceTables(db, TABLES, (t) => {
    const section = db.prepare(`INSERT INTO ${t['tariff_section']} (code, name) VALUES (?, ?)`);
    for (const s of sections) section.run(s.code, s.name);
    const code = db.prepare(`INSERT INTO ${t['tariff']} (id, code, level, parent_code, description, section, children) VALUES (?, ?, ?, ?, ?, ?, ?)`);
    for (const c of codes) code.run(Number(c.code), c.code, c.level, c.parentCode, c.description, c.section, children.get(c.code) ?? 0);
    db.exec(`INSERT INTO ${t['tariff_fts']} (rowid, description) SELECT id, description FROM ${t['tariff']}`);
  }, meta);
}

const COLUMNS = `t.id, t.code, t.level, t.parent_code AS parentCode, t.description, t.section, s.name AS sectionName, t.children
  FROM tariff t LEFT JOIN tariff_section s ON s.code = t.section`;

export function tariffsByCodes(db: CatalogDb, codes: readonly string[]): TariffRow[] {
  return statement(db, `SELECT ${COLUMNS} WHERE t.code IN (SELECT value FROM json_each(?))`).all(JSON.stringify(codes)) as TariffRow[];
}

/** The codes under a parent (null: the chapters), by code. */
export function tariffChildren(db: CatalogDb, parentCode: string | null): TariffRow[] {
  return (parentCode === null
    ? statement(db, `SELECT ${COLUMNS} WHERE t.level = 2 ORDER BY t.code`).all()
    : statement(db, `SELECT ${COLUMNS} WHERE t.parent_code = ? ORDER BY t.code`).all(parentCode)) as TariffRow[];
}

/** A page of full-text matches, best first, with a score where higher is better. */
export function searchTariffText(db: CatalogDb, match: string, limit: number, offset: number): (TariffRow & { score: number })[] {
  return statement(db, `SELECT ${COLUMNS.replace(' FROM', ', -bm25(tariff_fts) AS score FROM')} JOIN tariff_fts ON tariff_fts.rowid = t.id
    WHERE tariff_fts MATCH ? ORDER BY bm25(tariff_fts), t.code LIMIT ? OFFSET ?`).all(match, limit, offset) as (TariffRow & { score: number })[];
}

export function countTariffText(db: CatalogDb, match: string): number {
  return (statement(db, 'SELECT count(*) AS n FROM tariff_fts WHERE tariff_fts MATCH ?').get(match) as { n: number }).n;
}

/** A page of the codes that start with a prefix, by code. */
export function tariffsByPrefix(db: CatalogDb, prefix: string, limit: number, offset: number): TariffRow[] {
  return statement(db, `SELECT ${COLUMNS} WHERE t.code >= @prefix AND t.code < @prefix || ':' ORDER BY t.code LIMIT @limit OFFSET @offset`).all({ prefix, limit, offset }) as TariffRow[];
}

export function countTariffsByPrefix(db: CatalogDb, prefix: string): number {
  return (statement(db, "SELECT count(*) AS n FROM tariff t WHERE t.code >= @prefix AND t.code < @prefix || ':'").get({ prefix }) as { n: number }).n;
}
