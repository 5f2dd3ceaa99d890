/**
 * Recipient, taxpayer and location shapes as the server writes them (src/api/recipient-views.ts,
 * routes/taxpayer-schemas.ts, reference-views.ts); only the members the screen reads.
 */

export interface Recipient {
  id: number;
  name: string;
  commercial_name: string | null;
  identification_type: string;
  identification_number: string;
  is_foreign: boolean;
  country_code: string | null;
  province: string | null;
  canton: string | null;
  district: string | null;
  neighborhood: string | null;
  other_address: string | null;
  email: string | null;
  phone: string | null;
  fax: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

/** RecipientInput: PUT replaces, so every member is always sent (null clears). */
export type RecipientInput = Omit<Recipient, 'id' | 'created_at' | 'updated_at'>;

export interface Pagination {
  current_page: number;
  per_page: number;
  last_page: number;
  total: number;
}

/** One entry of the public taxpayer register (GET /hacienda/taxpayers). */
export interface Taxpayer {
  cedula: string;
  /** The tax authority's identification type: 01 física, 02 jurídica, 03 DIMEX, 04 NITE. */
  class: string;
  tipo_texto: string;
  nombre: string;
  /** Legal entities: the name. */
  razon_social: string | null;
  regimen: { codigo: string; descripcion: string } | null;
  situacion: { moroso: string; omiso: string; estado: string; administracion_tributaria: string } | null;
  actividades: { estado: string; tipo: string; codigo: string; descripcion: string }[];
}

/**
 * Exactly one of the arrays is present; `query` only when nothing was found. One shape for every screen
 * that asks the register; `T`, the members of an entry a screen reads.
 */
export interface TaxpayerSearchResult<T extends Partial<Taxpayer> = Taxpayer> {
  cedulas_fisicas?: T[];
  cedulas_juridicas?: T[];
  taxpayers?: T[];
  query?: string;
}

/** A province, canton or district as the pickers list it (the first-run wizard's shape). */
export type { Place } from '../setup/types.ts';
