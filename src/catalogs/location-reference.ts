/** Reading locations for the reference endpoints: the four levels by code, and a search over all of them. */
import type { CatalogDb } from './db/catalog-db.ts';
import { countLocations, locationByFullCode, locationChildren, searchLocations, type LocationRow } from './db/location-tables.ts';
import { ftsMatch } from './fts-query.ts';
import { offsetOf, paged, type Page, type PageRequest } from './page.ts';
import { searchWords } from './search-text.ts';

export class LocationReference {
  constructor(private readonly db: () => CatalogDb) {}

  provinces(): LocationRow[] {
    return locationChildren(this.db(), null);
  }

  /** A unit by its full code (`1`, `101`, `10101`, `1010101`). */
  unit(fullCode: string): LocationRow | undefined {
    return locationByFullCode(this.db(), fullCode);
  }

  /** The units directly under a unit. */
  children(fullCode: string): LocationRow[] {
    return locationChildren(this.db(), fullCode);
  }

  /**
   * Units of any level whose name, or name with its parents' names, has every word of the query
   * (`carmen san jose`): named so first, then the higher level (db/location-tables.ts).
   */
  search(query: string, page: PageRequest): Page<LocationRow> {
    const words = searchWords(query);
    if (words.length === 0) return { items: [], total: 0 };
    const db = this.db();
    const match = ftsMatch(words);
    return paged(page, searchLocations(db, match, words, page.perPage, offsetOf(page)), () => countLocations(db, match));
  }
}
