/**
 * Schemas of the catalog endpoints (spec "Catalogs": CabysCode, CabysCodeDetail, CodeBatch, TariffCode,
 * TariffCodeDetail, Province, LocationUnit, AddressSearchResult, CodeEntry, TaxRateEntry), so that the
 * OpenAPI shows every answer and the views are typed by it. Choices the spec leaves open are in
 * docs/catalogs.md.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { Envelope, Nullable, Pagination } from '../../schema-types.ts';

export const MAX_BATCH_CODES = 50;

const text = Nullable({ type: 'string' });

export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'page number, from 1 (default 1)' })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'results per page, 1 to 100 (default 20)' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'alias of per_page' })),
};

export const SearchQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200, description: 'words (accents and case ignored; every word must match, else any), or digits: a code or the start of one' })),
  ...PageQuery,
});

export const CabysBrowseQuery = Type.Object({
  level: Type.Optional(Type.Integer({ minimum: 1, maximum: 9, description: '1-8 categories, 9 the codes (default: the level below parent, or 1)' })),
  parent: Type.Optional(Type.String({ maxLength: 13, description: 'a category code (1 to 11 digits): only entries beneath it' })),
  category: Type.Optional(Type.String({ maxLength: 13, description: 'alias of parent' })),
  ...PageQuery,
});

export const TariffBrowseQuery = Type.Object({
  parent: Type.Optional(Type.String({ maxLength: 20, description: 'a chapter (2 digits) or heading (4): its children; none: the chapters' })),
});

export const ActivityQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200, description: 'words of the name, or the start of the code' })),
});

export const CodeBatch = Type.Object({
  codes: Type.Array(Type.String({ maxLength: 32 }), { minItems: 1, description: `codes to look up, at most ${MAX_BATCH_CODES} (more: 400 too_many_codes)` }),
});

export const CodeParams = Type.Object({ code: Type.String({ description: 'the code (tariff codes may be written with dots)' }) });
const provinceCode = Type.String({ description: 'province code, 1 to 7' });
const cantonCode = Type.String({ description: 'canton code, two digits (one is padded)' });
export const ProvinceParams = Type.Object({ province: provinceCode });
export const CantonParams = Type.Object({ province: provinceCode, canton: cantonCode });
export const DistrictParams = Type.Object({ province: provinceCode, canton: cantonCode, district: Type.String({ description: 'district code, two digits (one is padded)' }) });

const CABYS_CATEGORY_PROPERTIES = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [
  [`category_${i + 1}`, Type.String({ description: `level-${i + 1} code (${[1, 2, 3, 4, 5, 7, 9, 11, 13][i]} digits)` })],
  [`description_${i + 1}`, Nullable({ type: 'string', description: i === 8 ? 'the description of the code' : 'null where the catalog in use does not name the level (docs/catalogs.md)' })],
]).flat()) as Record<string, TSchema>;

/** Beyond the spec: what to show for each level, also where the catalog in use does not name it. */
const CABYS_LABEL_PROPERTIES = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [
  `label_${i + 1}`,
  Type.String({ description: `what to show for level ${i + 1}: description_${i + 1}, or where that is null a summary of the codes beneath (shipped catalog), else the code (docs/catalogs.md)` }),
])) as Record<string, TSchema>;

const pick = (levels: number[]) => Object.fromEntries(levels.flatMap((l) => [`category_${l}`, `description_${l}`]).map((k) => [k, CABYS_CATEGORY_PROPERTIES[k]!]));

const taxRate = Nullable<number>({ type: 'number', description: 'suggested VAT percentage (13, 4, 2, 1, 0.5, 0); null when the catalog gives none' });

export const CabysCode = Type.Object({
  id: Type.Integer({ description: 'the code as a number: the same in every catalog version' }),
  code: Type.String({ description: '13 digits' }),
  ...pick([1, 2, 3]),
  description_9: Type.String(),
  tax_rate: taxRate,
  rank: Type.Optional(Type.Number({ description: 'searches only: relevance, higher is better (docs/catalogs.md)' })),
});

export const CabysCodeDetail = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  ...pick([1, 2, 3, 4, 5, 6, 7, 8, 9]),
  ...CABYS_LABEL_PROPERTIES,
  tax_rate: taxRate,
  includes_note: text,
  excludes_note: text,
});

export const CabysBrowseItem = Type.Object({
  level: Type.Integer({ description: '1-8 a category, 9 a code' }),
  code: Type.String(),
  description: Nullable({ type: 'string', description: 'null where the catalog in use does not name the category' }),
  label: Type.String({ description: 'beyond the spec: what to show: the description, or where that is null a summary of the codes beneath (shipped catalog), else the code (docs/catalogs.md)' }),
  parent_code: text,
  children: Type.Integer({ description: 'entries directly beneath (0 for a code)' }),
  codes: Type.Integer({ description: 'codes beneath (1 for a code)' }),
  tax_rate: Nullable<number>({ type: 'number', description: 'codes only' }),
});

export const TariffCode = Type.Object({
  id: Type.Integer(),
  code: Type.String({ description: '2 (chapter), 4 (heading), 6 (subheading) or 12 digits' }),
  description: Type.String({ description: 'HS 2022 wording (English); a 12-digit code has its subheading\'s' }),
  chapter: text,
  heading: text,
  level: Type.Integer({ description: 'digits: 2, 4, 6 or 12' }),
  is_leaf: Type.Boolean({ description: 'usable on a document: only a 12-digit code (PartidaArancelaria)' }),
  section: Type.Optional(Type.String({ description: 'chapters: HS section (roman numeral)' })),
  section_name: Type.Optional(Type.String()),
  rank: Type.Optional(Type.Number({ description: 'searches only: relevance, higher is better' })),
});

export const TariffCodeDetail = Type.Object({ ...TariffCode.properties, parent_code: text, children: Type.Array(TariffCode) });

export const Province = Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() });
export const LocationUnit = Type.Object({ id: Type.Integer(), code: Type.String({ description: 'two digits' }), full_code: Type.String(), name: Type.String() });

export const AddressSearchResult = Type.Object({
  id: Type.Integer({ description: 'the full code as a number' }),
  type: Type.Enum(['province', 'canton', 'district', 'neighborhood']),
  primary_text: Type.String({ description: 'the name of the unit' }),
  secondary_text: Type.String({ description: 'the names of its parents, nearest first' }),
  province: Type.String(),
  canton: Type.Optional(Type.String()),
  district: Type.Optional(Type.String()),
  neighborhood: Type.Optional(Type.String({ description: 'the neighbourhood\'s name: v4.4 Barrio is text' })),
});

export const CodeEntry = Type.Object({ code: Type.String(), name: Type.String(), description: Type.String(), note: text });
export const TaxRateEntry = Type.Object({ code: Type.String(), name: Type.String(), description: Type.String(), rate: Nullable<number>({ type: 'number' }) });

export const listReply = (item: TSchema) => Envelope(Type.Array(item));
export const pageReply = (item: TSchema) => Envelope(Type.Array(item), { pagination: Pagination });
export const itemReply = (item: TSchema) => Envelope(item);
export const batchReply = (item: TSchema) => Envelope(Type.Array(item), { not_found: Type.Array(Type.String(), { description: 'codes asked for that do not exist' }) });

export type CabysCodeView = Static<typeof CabysCode>;
export type CabysCodeDetailView = Static<typeof CabysCodeDetail>;
export type CabysBrowseItemView = Static<typeof CabysBrowseItem>;
export type TariffCodeView = Static<typeof TariffCode>;
export type TariffCodeDetailView = Static<typeof TariffCodeDetail>;
export type LocationUnitView = Static<typeof LocationUnit>;
export type AddressSearchResultView = Static<typeof AddressSearchResult>;
