/** Catalog rows in the spec's shapes (schemas.ts beside it). */
import type { CabysEntry, CabysLevel } from '../../../catalogs/cabys-reference.ts';
import type { LocationRow } from '../../../catalogs/db/location-tables.ts';
import { locationParts } from '../../../catalogs/location-data.ts';
import type { TariffEntry } from '../../../catalogs/tariff-reference.ts';
import type {
  AddressSearchResultView, CabysBrowseItemView, CabysCodeDetailView, CabysCodeView, LocationUnitView, TariffCodeDetailView, TariffCodeView,
} from './schemas.ts';

const rateOf = (taxRate: string | null) => (taxRate === null || taxRate === '' ? null : Number(taxRate));
// Eight places: a CABYS score keeps its finer criteria there (catalogs/cabys-rank.ts).
const rankOf = (score: number | undefined) => (score === undefined ? {} : { rank: Math.round(score * 1e8) / 1e8 });

/** `category_N` and `description_N` of levels 1..`upTo` (9 is the code itself). */
function levels(entry: CabysEntry, upTo: number): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  const path = [...entry.categories, { code: entry.code, description: entry.description }];
  path.slice(0, upTo).forEach((level, i) => {
    out[`category_${i + 1}`] = level.code;
    out[`description_${i + 1}`] = level.description;
  });
  return out;
}

export function cabysCodeView(entry: CabysEntry): CabysCodeView {
  return { id: entry.id, code: entry.code, ...levels(entry, 3), description_9: entry.description, tax_rate: rateOf(entry.taxRate), ...rankOf(entry.score) } as CabysCodeView;
}

/** `label_1`..`label_8`: what to show for each level (its name, or the shipped copy's summary; docs/catalogs.md). */
function labels(entry: CabysEntry): Record<string, string> {
  return Object.fromEntries(entry.categories.map((level, i) => [`label_${i + 1}`, level.label]));
}

export function cabysDetailView(entry: CabysEntry): CabysCodeDetailView {
  return { id: entry.id, code: entry.code, ...levels(entry, 9), ...labels(entry), tax_rate: rateOf(entry.taxRate), includes_note: entry.includesNote, excludes_note: entry.excludesNote } as CabysCodeDetailView;
}

export function cabysCategoryView(row: CabysLevel): CabysBrowseItemView {
  return { level: row.level, code: row.code, description: row.description, label: row.label, parent_code: row.parentCode, children: row.children, codes: row.codes, tax_rate: null };
}

export function cabysCodeBrowseView(entry: CabysEntry): CabysBrowseItemView {
  return { level: 9, code: entry.code, description: entry.description, label: entry.description, parent_code: entry.categories.at(-1)?.code ?? null, children: 0, codes: 1, tax_rate: rateOf(entry.taxRate) };
}

export function tariffView(entry: TariffEntry): TariffCodeView {
  return {
    id: entry.id,
    code: entry.code,
    description: entry.description,
    chapter: entry.code.slice(0, 2),
    heading: entry.level >= 4 ? entry.code.slice(0, 4) : null,
    level: entry.level,
    // Usable on a document means a national 12-digit code, and the catalogue knows none (docs/catalogs.md).
    is_leaf: false,
    ...(entry.section ? { section: entry.section, section_name: entry.sectionName ?? '' } : {}),
    ...rankOf(entry.score),
  };
}

export function tariffDetailView(entry: TariffEntry, children: TariffEntry[]): TariffCodeDetailView {
  return { ...tariffView(entry), parent_code: entry.parentCode, children: children.map(tariffView) };
}

export const provinceView = (row: LocationRow) => ({ id: row.id, code: row.code, name: row.name });

export const locationUnitView = (row: LocationRow): LocationUnitView => ({ id: row.id, code: row.code, full_code: row.fullCode, name: row.name });

export function addressResultView(row: LocationRow): AddressSearchResultView {
  const parts = locationParts(row.fullCode);
  return {
    id: row.id,
    type: row.level,
    primary_text: row.name,
    secondary_text: row.context,
    province: parts.province,
    ...(parts.canton ? { canton: parts.canton } : {}),
    ...(parts.district ? { district: parts.district } : {}),
    ...(parts.neighborhood ? { neighborhood: row.name } : {}),
  };
}
