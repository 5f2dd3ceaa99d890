/**
 * Clave numérica (annex Nota 4.1): 50 characters =
 *   506 + DDMMYY (issue date, Costa Rica) + issuer identification padded to 12 + consecutive (20)
 *   + situation (1 normal, 2 contingency, 3 no internet) + security code (8 digits).
 * The 2026 revision admits letters (alphanumeric cédulas jurídicas from the Registro Nacional), so parsing
 * accepts [A-Za-z0-9]{50}.
 */
import { claveDate } from './costa-rica-time.ts';
import { pooledRandomBytes } from './random-pool.ts';
import { identificationLengths } from './identification.ts';
import { parseConsecutive, type ConsecutiveParts } from './consecutive.ts';

export const SITUATIONS = ['1', '2', '3'] as const;
export type Situation = (typeof SITUATIONS)[number];

export class ClaveError extends Error {}

export interface ClaveParts {
  country: string; // 506
  day: string;
  month: string;
  year: string; // two digits
  identification: string; // 12 characters, zero-padded
  consecutive: string; // 20 digits
  consecutiveParts: ConsecutiveParts;
  situation: Situation;
  securityCode: string; // 8 digits
  alphanumeric: boolean; // true when it holds letters (2026 revision)
}

/**
 * Pads an identification to the 12 positions of the clave (Nota 4.1): física 9 digits (+3 zeros),
 * jurídica 10 (+2), DIMEX 11 or 12 (+1 or 0), NITE 10 (+2). Every rule is "left-pad with zeros to 12",
 * so the type only decides which lengths are legal.
 */
export function padIdentification(type: string, number: string): string {
  const id = number.trim();
  const allowed = identificationLengths(type);
  if (allowed && !allowed.includes(id.length)) {
    throw new ClaveError(`identification type ${type} must have ${allowed.join(' or ')} characters, got "${id}"`);
  }
  if (!/^[0-9A-Z]{1,12}$/.test(id)) {
    throw new ClaveError(`identification "${id}" cannot be placed in a clave (1 to 12 digits or capital letters)`);
  }
  return id.padStart(12, '0');
}

/** Source of random bytes; injected in tests. */
export type RandomBytes = (size: number) => Uint8Array;

/** 8-digit security code, uniformly distributed, from a cryptographic source (rejection sampling). */
export function generateSecurityCode(random: RandomBytes = pooledRandomBytes): string {
  const limit = 4_200_000_000; // largest multiple of 10^8 below 2^32
  for (;;) {
    const b = random(4);
    const value = ((b[0]! << 24) >>> 0) + (b[1]! << 16) + (b[2]! << 8) + b[3]!;
    if (value < limit) return String(value % 100_000_000).padStart(8, '0');
  }
}

export interface ClaveInput {
  issuedAt: Date;
  identificationType: string;
  identification: string;
  consecutive: string;
  situation: Situation;
  securityCode: string;
}

export function buildClave(input: ClaveInput): string {
  parseConsecutive(input.consecutive);
  if (!(SITUATIONS as readonly string[]).includes(input.situation)) {
    throw new ClaveError(`situation must be 1, 2 or 3, got "${input.situation}"`);
  }
  if (!/^\d{8}$/.test(input.securityCode)) throw new ClaveError('security code must be 8 digits');
  return (
    '506' +
    claveDate(input.issuedAt) +
    padIdentification(input.identificationType, input.identification) +
    input.consecutive +
    input.situation +
    input.securityCode
  );
}

export function parseClave(clave: string): ClaveParts {
  if (!/^[A-Za-z0-9]{50}$/.test(clave)) {
    throw new ClaveError(`a clave has 50 digits or letters, got ${clave.length} characters`);
  }
  if (!clave.startsWith('506')) throw new ClaveError('a clave starts with the country code 506');
  const day = clave.slice(3, 5);
  const month = clave.slice(5, 7);
  const year = clave.slice(7, 9);
  if (!/^\d{6}$/.test(day + month + year) || Number(month) < 1 || Number(month) > 12 || Number(day) < 1 || Number(day) > 31) {
    throw new ClaveError(`clave date ${day}${month}${year} is not a DDMMYY date`);
  }
  const consecutive = clave.slice(21, 41);
  let consecutiveParts: ConsecutiveParts;
  try {
    consecutiveParts = parseConsecutive(consecutive);
  } catch (err) {
    throw new ClaveError(`clave holds an invalid consecutive: ${(err as Error).message}`);
  }
  const situation = clave.slice(41, 42);
  if (!(SITUATIONS as readonly string[]).includes(situation)) {
    throw new ClaveError(`clave situation must be 1, 2 or 3, got "${situation}"`);
  }
  const securityCode = clave.slice(42);
  if (!/^\d{8}$/.test(securityCode)) throw new ClaveError('clave security code must be 8 digits');
  return {
    country: '506',
    day,
    month,
    year,
    identification: clave.slice(9, 21),
    consecutive,
    consecutiveParts,
    situation: situation as Situation,
    securityCode,
    alphanumeric: /[A-Za-z]/.test(clave),
  };
}
