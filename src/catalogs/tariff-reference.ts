/**
 * Reading tariff codes for the reference endpoints. The catalog holds the HS levels (2, 4, 6 digits) and no
 * Costa Rican national code (the 12 digits of PartidaArancelaria): those are not in any public dataset that
 * could be shipped. So a 12-digit code is never answered as if it existed; `subheadingOf` names the HS
 * subheading it extends, which does (docs/catalogs.md).
 */
import type { CatalogDb } from './db/catalog-db.ts';
import { countTariffsByPrefix, countTariffText, searchTariffText, tariffChildren, tariffsByCodes, tariffsByPrefix, type TariffRow } from './db/tariff-tables.ts';
import { matchingSearch } from './fts-query.ts';
import { offsetOf, type Page, type PageRequest } from './page.ts';
import { codeDigits, searchWords } from './search-text.ts';
import { TARIFF_CODE_DIGITS } from './tariff-data.ts';

export interface TariffEntry extends TariffRow {
  score?: number;
}

const SUBHEADING_DIGITS = 6;

const known = (row: TariffRow): TariffEntry => ({ ...row });

export class TariffReference {
  constructor(private readonly db: () => CatalogDb) {}

  chapters(): TariffEntry[] {
    return tariffChildren(this.db(), null).map(known);
  }

  /**
   * Codes of 2, 4 or 6 digits as catalogued (dots and spaces allowed: `0901.21`); in the order asked, each
   * once. A 12-digit code is not among them: no national code is known.
   */
  getMany(codes: readonly string[]): TariffEntry[] {
    const wanted = [...new Set(codes.map((c) => codeDigits(c) ?? ''))].filter((c) => /^(\d{2}|\d{4}|\d{6})$/.test(c));
    if (wanted.length === 0) return [];
    const rows = new Map(tariffsByCodes(this.db(), wanted).map((r) => [r.code, r]));
    return wanted.flatMap((c) => (rows.has(c) ? [known(rows.get(c)!)] : []));
  }

  /** The catalogued HS subheading a 12-digit national code extends (`0901.21.00.00.00` -> 090121), if any. */
  subheadingOf(code: string): TariffEntry | undefined {
    const digits = codeDigits(code);
    return digits?.length === TARIFF_CODE_DIGITS ? this.get(digits.slice(0, SUBHEADING_DIGITS)) : undefined;
  }

  get(code: string): TariffEntry | undefined {
    return this.getMany([code])[0];
  }

  /** The codes directly under a code (catalogued ones only), or the chapters without one. */
  children(code: string): TariffEntry[] {
    return tariffChildren(this.db(), code).map(known);
  }

  /**
   * Digits look up codes that start with their first 6 (a 12-digit code finds its subheading, the most the
   * catalogue knows of it); other text is a full-text search of the English descriptions, every word, or any
   * word when none has all.
   */
  search(query: string, page: PageRequest): Page<TariffEntry> {
    const db = this.db();
    const digits = codeDigits(query);
    if (digits !== undefined) {
      const prefix = digits.slice(0, SUBHEADING_DIGITS);
      const total = countTariffsByPrefix(db, prefix);
      const score = Math.round((prefix.length / SUBHEADING_DIGITS) * 1000) / 1000;
      if (total > 0) return { total, items: tariffsByPrefix(db, prefix, page.perPage, offsetOf(page)).map((r) => ({ ...known(r), score })) };
    }
    const found = matchingSearch(searchWords(query), (match) => countTariffText(db, match));
    if (!found) return { items: [], total: 0 };
    return { total: found.total, items: searchTariffText(db, found.match, page.perPage, offsetOf(page)).map(known) };
  }
}
