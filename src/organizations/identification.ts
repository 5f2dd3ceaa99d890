/**
 * Identification numbers of organizations and recipients (Nota 4.1): física 9 digits, jurídica 10, DIMEX
 * 11 or 12, NITE 10. Only cédulas jurídicas may hold capital letters (the alphanumeric ones of 2026).
 * The same format the document request enforces (Nota 4), so a saved party is always usable on a document.
 */
import { validationError } from '../domain/errors.ts';
import { identificationLengths, isIdentificationOfType } from '../domain/identification.ts';

export const IDENTIFICATION_TYPES = ['01', '02', '03', '04'] as const;

/** A message saying what is wrong, or undefined when the number fits the type. */
export function identificationProblem(type: string, number: string): string | undefined {
  const pattern = type === '02' ? /^[0-9A-Z]+$/ : /^[0-9]+$/;
  if (!pattern.test(number)) {
    return type === '02' ? 'Must hold digits or capital letters only.' : 'Must hold digits only.';
  }
  const lengths = identificationLengths(type);
  if (lengths && !lengths.includes(number.length)) {
    return `An identification of type ${type} has ${lengths.join(' or ')} characters.`;
  }
  // The rest of Nota 4, as documents check it (documents/rules/parties.ts): no leading zero on física or DIMEX.
  if (!isIdentificationOfType(type, number)) return `An identification of type ${type} does not start with 0.`;
  return undefined;
}

/** Throws a 422 validation_error on `field` when the number does not fit the type. */
export function checkIdentification(type: string, number: string, field = 'identification_number'): void {
  const problem = identificationProblem(type, number);
  if (problem) throw validationError({ [field]: [problem] });
}

/** Identifications are kept without dashes or spaces and in capitals ("3-101-123456" = "3101123456"). */
export function normalizeIdentification(value: string): string {
  return value.replace(/[-\s]/g, '').toUpperCase();
}
