/**
 * What a taxpayer search asks for: an identification number (written any usual way: "3-101-123456",
 * "1 0234 0567", "01-0234-0567", "155812345678") or part of a name. docs/taxpayers.md has the rules.
 */
import { searchableName } from './taxpayer-names.ts';

export type TaxpayerQuery =
  | { kind: 'identification'; identification: string }
  | { kind: 'name'; words: string[] }
  | { kind: 'invalid'; problem: string };

/** Longest query accepted (a full name of the register fits well within it). */
export const MAX_QUERY_LENGTH = 100;
export const MIN_NAME_LENGTH = 3;

/** Física 9, jurídica and NITE 10, DIMEX 11 or 12 (Nota 4.1). */
const ID_LENGTHS = new Set([9, 10, 11, 12]);

/** Separators people put in identifications: dashes, spaces, dots. */
export function compactIdentification(text: string): string {
  return text.replace(/[\s.\-\u2010-\u2015]/g, '').toUpperCase();
}

export function readTaxpayerQuery(text: string): TaxpayerQuery {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'invalid', problem: 'Give an identification number or part of a name.' };
  if (trimmed.length > MAX_QUERY_LENGTH) return { kind: 'invalid', problem: `At most ${MAX_QUERY_LENGTH} characters.` };
  const compact = compactIdentification(trimmed);
  if (/^[0-9]+$/.test(compact)) {
    // A cédula física is often written with a leading zero (01-0234-0567); the register has 9 digits.
    const identification = compact.length === 10 && compact.startsWith('0') ? compact.slice(1) : compact;
    if (!ID_LENGTHS.has(identification.length)) {
      return { kind: 'invalid', problem: 'An identification has 9 digits (física), 10 (jurídica or NITE) or 11 to 12 (DIMEX).' };
    }
    return { kind: 'identification', identification };
  }
  // The alphanumeric cédulas jurídicas of 2026: ten characters, digits and capitals, starting with a digit.
  if (/^[0-9][0-9A-Z]{9}$/.test(compact)) return { kind: 'identification', identification: compact };
  const name = searchableName(trimmed);
  if (name.replace(/\s/g, '').length < MIN_NAME_LENGTH) return { kind: 'invalid', problem: `A name search needs at least ${MIN_NAME_LENGTH} characters.` };
  return { kind: 'name', words: name.split(' ') };
}
