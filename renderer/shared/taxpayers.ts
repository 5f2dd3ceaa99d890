/**
 * The public taxpayer register as GET /hacienda/taxpayers answers (src/api/sections/hacienda/taxpayer-schemas.ts,
 * derived in renderer/api/schemas.ts): read by the recipients screen (filling a recipient) and the invoice
 * screen (a receiver found by identification).
 */
import type { TaxpayerView } from '../api/schemas.ts';

/**
 * One entry of the public taxpayer register; `class` is the tax authority's identification type (01 física,
 * 02 jurídica, 03 DIMEX, 04 NITE), `razon_social` the name of a legal entity.
 */
export type Taxpayer = Pick<TaxpayerView, 'cedula' | 'class' | 'tipo_texto' | 'nombre' | 'razon_social' | 'regimen' | 'situacion' | 'actividades'>;

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
