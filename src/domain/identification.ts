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

/**
 * Nota 4's formats: física 9 digits without a leading zero, jurídica 10 (capital letters too since the 2026
 * revision's alphanumeric cédulas jurídicas), DIMEX 11 or 12 digits without a leading zero, NITE 10 digits;
 * extranjero no domiciliado and no contribuyente up to 20 digits or letters.
 */
const FORMATS: Readonly<Record<string, RegExp>> = {
  '01': /^[1-9]\d{8}$/,
  '02': /^[0-9A-Z]{10}$/,
  '03': /^[1-9]\d{10,11}$/,
  '04': /^\d{10}$/,
  '05': /^[0-9A-Za-z]{1,20}$/,
  '06': /^[0-9A-Za-z]{1,20}$/,
};

export function isIdentificationOfType(type: string, id: string): boolean {
  return FORMATS[type]?.test(id) ?? false;
}

/** How Nota 4 describes the identifications of a type, for messages. */
export const IDENTIFICATION_FORMAT_TEXT: Readonly<Record<string, { es: string; en: string }>> = {
  '01': { es: '9 dígitos, sin cero al inicio', en: '9 digits, no leading zero' },
  '02': { es: '10 dígitos o letras mayúsculas', en: '10 digits or capital letters' },
  '03': { es: '11 o 12 dígitos, sin cero al inicio', en: '11 or 12 digits, no leading zero' },
  '04': { es: '10 dígitos', en: '10 digits' },
  '05': { es: 'hasta 20 dígitos o letras', en: 'up to 20 digits or letters' },
  '06': { es: 'hasta 20 dígitos o letras', en: 'up to 20 digits or letters' },
};

/**
 * ProveedorSistemas "cumpla con el formato del número de identificación" (annex page 18): the provider of the
 * system is a registered taxpayer, so física, jurídica, DIMEX or NITE.
 */
export function isProviderSystemId(id: string): boolean {
  return ['01', '02', '03', '04'].some((type) => isIdentificationOfType(type, id));
}
