/**
 * The public taxpayer register as GET /hacienda/taxpayers answers (routes/taxpayer-schemas.ts): read by the
 * recipients screen (filling a recipient) and the invoice screen (a receiver found by identification).
 */

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

/** The entries of a register answer, whichever of its arrays holds them. */
export function taxpayersOf<T extends Partial<Taxpayer>>(result: TaxpayerSearchResult<T>): T[] {
  return result.cedulas_fisicas ?? result.cedulas_juridicas ?? result.taxpayers ?? [];
}
