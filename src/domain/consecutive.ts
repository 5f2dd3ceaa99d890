/**
 * NumeroConsecutivo (annex Nota 3): 20 digits = branch (sucursal, 3) + terminal (punto de venta, 5)
 * + document type (2) + number (10). Numbers start at 1 per branch, terminal and type.
 */

/** Document type codes that may appear inside a consecutive: the seven comprobantes and the receiver messages. */
export const CONSECUTIVE_TYPES = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10'] as const;
export type ConsecutiveType = (typeof CONSECUTIVE_TYPES)[number];

export const MAX_CONSECUTIVE_NUMBER = 9_999_999_999;

/** The consecutive types of receiver messages (05 acceptance, 06 partial, 07 rejection): `RC` in listings. */
export const RECEIVER_MESSAGE_TYPES: readonly ConsecutiveType[] = ['05', '06', '07'];

export function isReceiverMessageType(documentType: string): boolean {
  return (RECEIVER_MESSAGE_TYPES as readonly string[]).includes(documentType);
}

export interface ConsecutiveParts {
  branch: string; // sucursal, 3 digits (001 = casa matriz)
  terminal: string; // terminal / punto de venta, 5 digits
  documentType: ConsecutiveType;
  number: number; // 1..9 999 999 999
}

export class ConsecutiveError extends Error {}

/** Left-pads a branch (≤ 3 digits) or terminal (≤ 5 digits) given as "1" or "001". */
export function padCode(value: string | number, width: number, what: string): string {
  const text = String(value).trim();
  if (!/^\d+$/.test(text) || text.length > width) {
    throw new ConsecutiveError(`${what} must be 1 to ${width} digits, got "${text}"`);
  }
  return text.padStart(width, '0');
}

export function buildConsecutive(parts: ConsecutiveParts): string {
  if (!(CONSECUTIVE_TYPES as readonly string[]).includes(parts.documentType)) {
    throw new ConsecutiveError(`unknown document type ${parts.documentType}`);
  }
  if (!Number.isSafeInteger(parts.number) || parts.number < 1 || parts.number > MAX_CONSECUTIVE_NUMBER) {
    throw new ConsecutiveError(`consecutive number must be 1 to ${MAX_CONSECUTIVE_NUMBER}, got ${parts.number}`);
  }
  return (
    padCode(parts.branch, 3, 'branch') +
    padCode(parts.terminal, 5, 'terminal') +
    parts.documentType +
    String(parts.number).padStart(10, '0')
  );
}

export function parseConsecutive(consecutive: string): ConsecutiveParts {
  if (!/^\d{20}$/.test(consecutive)) {
    throw new ConsecutiveError(`a consecutive number has 20 digits, got "${consecutive}"`);
  }
  const documentType = consecutive.slice(8, 10);
  if (!(CONSECUTIVE_TYPES as readonly string[]).includes(documentType)) {
    throw new ConsecutiveError(`unknown document type ${documentType} in consecutive ${consecutive}`);
  }
  const number = Number(consecutive.slice(10));
  if (number < 1) throw new ConsecutiveError(`consecutive ${consecutive} has number 0`);
  return {
    branch: consecutive.slice(0, 3),
    terminal: consecutive.slice(3, 8),
    documentType: documentType as ConsecutiveType,
    number,
  };
}

/** The till a consecutive was numbered on: its branch (first 3 digits) and terminal (next 5). */
export function tillOfConsecutive(consecutive: string): { branch: string; terminal: string } {
  return { branch: consecutive.slice(0, 3), terminal: consecutive.slice(3, 8) };
}
