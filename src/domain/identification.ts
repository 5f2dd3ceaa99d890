/**
 * Identification numbers (Nota 4 / 4.1): how many characters each type has — física 9, jurídica 10,
 * DIMEX 11 or 12, NITE 10; 05 (extranjero) and 06 (no contribuyente) are free up to 20 — and the type a
 * bare number most likely is, for the places where Hacienda's messages carry none (MensajeReceptor,
 * third parties of other charges).
 */
const LENGTHS: Readonly<Record<string, readonly number[]>> = { '01': [9], '02': [10], '03': [11, 12], '04': [10] };

/** The lengths an identification of this type may have, or undefined when the type fixes none. */
export function identificationLengths(type: string): readonly number[] | undefined {
  return LENGTHS[type];
}

/** Física 9 digits -> 01, DIMEX 11-12 -> 03, anything else -> jurídica 02 (a NITE must be given explicitly). */
export function identificationTypeByLength(id: string): string {
  if (id.length === 9) return '01';
  if (id.length === 11 || id.length === 12) return '03';
  return '02';
}
