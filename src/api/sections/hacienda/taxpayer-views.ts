/**
 * A taxpayer of the register as the spec's Taxpayer, and the array of TaxpayerSearchResult it belongs in.
 * `class` is the tax authority's identification type; `tipo` is J for cédulas jurídicas, F for cédulas
 * físicas and DIMEX, and for a NITE (given to persons and to bodies without a cédula) J only when the
 * name reads as an entity's. docs/taxpayers.md.
 */
import type { KnownTaxpayer } from '../../../hacienda/taxpayer-lookup.ts';
import { looksLikeLegalEntity, splitPersonName } from '../../../hacienda/taxpayer-names.ts';
import type { TaxpayerView } from './taxpayer-schemas.ts';

export type TaxpayerArray = 'cedulas_fisicas' | 'cedulas_juridicas' | 'taxpayers';

/** Cédulas físicas and jurídicas have their own arrays; DIMEX and NITE go in `taxpayers`. */
export function arrayFor(identificationType: string): TaxpayerArray {
  if (identificationType === '01') return 'cedulas_fisicas';
  if (identificationType === '02') return 'cedulas_juridicas';
  return 'taxpayers';
}

const TIPO_TEXTO = { F: 'Persona física', J: 'Persona jurídica' } as const;

export function taxpayerView(taxpayer: KnownTaxpayer, idRaw = taxpayer.identification): TaxpayerView {
  const { nombre, tipoIdentificacion, regimen, situacion, actividades } = taxpayer.answer;
  const legal = tipoIdentificacion === '02' || (tipoIdentificacion === '04' && looksLikeLegalEntity(nombre));
  const tipo = legal ? 'J' : 'F';
  const person = legal ? undefined : splitPersonName(nombre);
  const surnames = [person?.firstSurname, person?.secondSurname].filter((s) => s != null);
  return {
    cedula: taxpayer.identification,
    id_raw: idRaw,
    class: tipoIdentificacion,
    tipo,
    tipo_texto: TIPO_TEXTO[tipo],
    nombre,
    primer_nombre: person?.firstName ?? null,
    segundo_nombre: person?.otherNames ?? null,
    primer_apellido: person?.firstSurname ?? null,
    segundo_apellido: person?.secondSurname ?? null,
    apellidos: surnames.length > 0 ? surnames.join(' ') : null,
    razon_social: legal ? nombre : null,
    regimen: regimen ?? null,
    situacion: situacion
      ? { moroso: situacion.moroso, omiso: situacion.omiso, estado: situacion.estado, administracion_tributaria: situacion.administracionTributaria }
      : null,
    actividades,
    fetched_at: taxpayer.fetchedAt,
  };
}
