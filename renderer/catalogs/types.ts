/**
 * Catalog shapes as the server writes them (src/api/sections/catalogs/schemas.ts, exchange-rate-schemas.ts),
 * only the members the browser reads; and the browser's own Entry and Crumb, one shape for every catalog.
 */
export interface CabysHit {
  code: string;
  description_9: string;
  description_1: string | null;
  tax_rate: number | null;
}

/** A level of the CABYS tree: a category (1-8) or a code (9). */
export interface CabysBrowseItem {
  level: number;
  code: string;
  /** The level's name; null where the catalog does not name it. */
  description: string | null;
  /** What to show: the name, else the shipped catalog's summary of the codes beneath, else the code. */
  label?: string;
  children: number;
  codes: number;
  tax_rate: number | null;
}

/** One code with its nine levels (`category_1`…`category_9`, `description_1`…`description_9`, `label_1`…`label_8`). */
export interface CabysCodeDetail {
  code: string;
  tax_rate: number | null;
  includes_note: string | null;
  excludes_note: string | null;
  [level: `category_${number}` | `description_${number}` | `label_${number}`]: string | null | undefined;
}

export interface TariffCode {
  code: string;
  description: string;
  chapter: string | null;
  heading: string | null;
  /** Digits: 2 chapter, 4 heading, 6 subheading, 12 national. */
  level: number;
  is_leaf: boolean;
  section?: string;
  section_name?: string;
}

export interface TariffCodeDetail extends TariffCode {
  parent_code: string | null;
  children: TariffCode[];
}

export interface AddressHit {
  type: 'province' | 'canton' | 'district' | 'neighborhood';
  primary_text: string;
  /** The parents' names, nearest first. */
  secondary_text: string;
  province: string;
  canton?: string;
  district?: string;
}

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
