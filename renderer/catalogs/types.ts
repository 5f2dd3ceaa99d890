/**
 * Catalog shapes as the server writes them, derived from its schemas (renderer/api/schemas.ts,
 * src/api/sections/catalogs/schemas.ts): the members the browser reads; and the browser's own Entry and
 * Crumb, one shape for every catalog.
 */
import type { AddressSearchResultView, CabysBrowseItemView, CabysCodeDetailView, CabysCodeView, TariffCodeDetailView, TariffCodeView } from '../api/schemas.ts';

/** A CABYS search hit; the schema builds the level members in a loop, so `description_1` is written out. */
export type CabysHit = Pick<CabysCodeView, 'code' | 'description_9' | 'tax_rate'> & { description_1: string | null };

/**
 * A level of the CABYS tree: a category (1-8) or a code (9). `description` is null where the catalog does
 * not name the level; `label` is what to show: the name, else the shipped catalog's summary of the codes
 * beneath, else the code.
 */
export type CabysBrowseItem = Pick<CabysBrowseItemView, 'level' | 'code' | 'description' | 'children' | 'codes' | 'tax_rate'> & Partial<Pick<CabysBrowseItemView, 'label'>>;

/**
 * One code with its nine levels (`category_1`…`category_9`, `description_1`…`description_9`, `label_1`…`label_8`):
 * the schema builds those members in a loop, so their type is written out here.
 */
export type CabysCodeDetail = Pick<CabysCodeDetailView, 'code' | 'tax_rate' | 'includes_note' | 'excludes_note'> & {
  [level: `category_${number}` | `description_${number}` | `label_${number}`]: string | null | undefined;
};

/** A tariff code; `level` counts digits: 2 chapter, 4 heading, 6 subheading, 12 national. */
export type TariffCode = Pick<TariffCodeView, 'code' | 'description' | 'chapter' | 'heading' | 'level' | 'is_leaf' | 'section' | 'section_name'>;

export type TariffCodeDetail = TariffCode & Pick<TariffCodeDetailView, 'parent_code'> & { children: TariffCode[] };

/** A location hit; `secondary_text` holds the parents' names, nearest first. */
export type AddressHit = Pick<AddressSearchResultView, 'type' | 'primary_text' | 'secondary_text' | 'province' | 'canton' | 'district'>;

export type { Activity, Place } from '../shared/organization/profile.ts';
export type { ExchangeRate, Pagination } from '../api/types.ts';

export type Tab = 'cabys' | 'tariffs' | 'locations' | 'activities';

/** One level of the way down a catalog tree (a CABYS category, a tariff chapter, a province…). */
export interface Crumb {
  code: string;
  label: string;
  /** The label sums up what is beneath: the catalog does not name the level. */
  summary?: boolean;
}

/** What choosing an entry does: browse beneath it, show a code's detail, or nothing (a leaf without one). */
export type Target = { browse: Crumb[] } | { detail: string } | null;

/** A line of any catalog list, search result or tree level alike. */
export interface Entry {
  code: string;
  /** null where the catalog does not name the level and has nothing to show instead. */
  label: string | null;
  /** The label sums up what is beneath (CABYS levels 2-8 of the shipped catalog): it is not the level's name. */
  summary?: boolean;
  /** Codes beneath a category. */
  codes?: number;
  /** VAT percentage of a CABYS code. */
  rate?: number | null;
  /** Where the entry sits, e.g. a location's parents or a code's first-level category. */
  context?: string;
  target: Target;
}

/** A page of entries and whether another follows. */
export interface EntryPage {
  entries: Entry[];
  more: boolean;
}
