/**
 * Reading tariff codes for the reference endpoints. The catalog holds the HS levels (2, 4, 6 digits); a
 * 12-digit Costa Rican code (PartidaArancelaria) is answered from its 6-digit subheading: the national
 * digits are not in any public dataset that could be shipped (docs/catalogs.md).
 */
import type { CatalogDb } from './db/catalog-db.ts';
import { countTariffsByPrefix, countTariffText, searchTariffText, tariffChildren, tariffsByCodes, tariffsByPrefix, type TariffRow } from './db/tariff-tables.ts';
import { matchingSearch } from './fts-query.ts';
import { offsetOf, type Page, type PageRequest } from './page.ts';
import { codeDigits, searchWords } from './search-text.ts';
import { TARIFF_CODE_DIGITS } from './tariff-data.ts';

export interface TariffEntry extends TariffRow {
  /** A national 12-digit code answered from its subheading. */
  national: boolean;
  score?: number;
}

const SUBHEADING_DIGITS = 6;

const known = (row: TariffRow): TariffEntry => ({ ...row, national: false });

function national(code: string, subheading: TariffRow): TariffEntry {
  return { ...subheading, id: Number(code), code, level: TARIFF_CODE_DIGITS, parentCode: subheading.code, section: null, sectionName: null, children: 0, national: true };
}

export class TariffReference {
  constructor(private readonly db: () => CatalogDb) {}

  chapters(): TariffEntry[] {
    return tariffChildren(this.db(), null).map(known);
  }

  /**
   * Codes of 2, 4 or 6 digits as catalogued, 12 digits when the subheading exists (dots and spaces
   * allowed: `0101.21.00.00.00`); in the order asked, each once.
   */
  getMany(codes: readonly string[]): TariffEntry[] {
    const wanted = [...new Set(codes.map((c) => codeDigits(c) ?? ''))].filter((c) => /^(\d{2}|\d{4}|\d{6}|\d{12})$/.test(c));
    if (wanted.length === 0) return [];
    const lookups = [...new Set(wanted.map((c) => (c.length === TARIFF_CODE_DIGITS ? c.slice(0, SUBHEADING_DIGITS) : c)))];
    const rows = new Map(tariffsByCodes(this.db(), lookups).map((r) => [r.code, r]));
    return wanted.flatMap((c) => {
      if (c.length !== TARIFF_CODE_DIGITS) return rows.has(c) ? [known(rows.get(c)!)] : [];
      const subheading = rows.get(c.slice(0, SUBHEADING_DIGITS));
      return subheading ? [national(c, subheading)] : [];
    });
  }

  get(code: string): TariffEntry | undefined {
    return this.getMany([code])[0];
  }

  /** The codes directly under a code (catalogued ones only), or the chapters without one. */
  children(code: string): TariffEntry[] {
    return tariffChildren(this.db(), code).map(known);
  }

  /**
   * Digits look up codes that start with them (a 12-digit code itself when its subheading exists); other
   * text is a full-text search of the English descriptions, every word, or any word when none has all.
   */
  search(query: string, page: PageRequest): Page<TariffEntry> {
    const db = this.db();
    const digits = codeDigits(query);
    if (digits !== undefined) {
      if (digits.length === TARIFF_CODE_DIGITS) {
        const entry = this.get(digits);
        if (entry) return { items: page.page === 1 ? [{ ...entry, score: 1 }] : [], total: 1 };
      }
      const prefix = digits.slice(0, SUBHEADING_DIGITS);
      const total = countTariffsByPrefix(db, prefix);
      const score = Math.round((prefix.length / SUBHEADING_DIGITS) * 1000) / 1000;
      if (total > 0) return { total, items: tariffsByPrefix(db, prefix, page.perPage, offsetOf(page)).map((r) => ({ ...known(r), score })) };
    }
    const found = matchingSearch(searchWords(query), (match) => countTariffText(db, match));
    if (!found) return { items: [], total: 0 };
    return { total: found.total, items: searchTariffText(db, found.match, page.perPage, offsetOf(page)).map((r) => ({ ...r, national: false })) };
  }
}
