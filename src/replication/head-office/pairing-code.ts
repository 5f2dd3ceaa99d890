/**
 * Head office (docs/replication.md, "Pairing"): a one-time code for a till, shown once. Eight characters of an
 * alphabet without look-alikes (no 0/O, 1/I/L), written ABCD-EFGH; 31^8 ≈ 8.5 × 10^11 codes, valid 15
 * minutes and spent by the first till that sends it, with the pairing route limited per address. Only the
 * SHA-256 of the normalized code is stored.
 */
import { createHash, randomInt } from 'node:crypto';
import type { Clock } from '../../domain/clock.ts';
import type { Store } from '../../store/database.ts';
import { insertPairingCode } from '../../store/pairing-codes.ts';

export const PAIRING_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PAIRING_CODE_MINUTES = 15;

/** The code as a till may type it (lower case, with or without the dash, spaces) → its 8 characters. */
export function normalizePairingCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

export function pairingCodeHash(code: string): string {
  return createHash('sha256').update(normalizePairingCode(code), 'utf8').digest('hex');
}

function newCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

export interface PairingCodeDependencies {
  store: Pick<Store, 'db'>;
  clock: Clock;
}

export function createPairingCode(deps: PairingCodeDependencies, organizationId: number, label: string): { code: string; label: string; expiresAt: string } {
  const now = deps.clock.now();
  const code = newCode();
  const expiresAt = new Date(now.getTime() + PAIRING_CODE_MINUTES * 60_000).toISOString();
  insertPairingCode(deps.store.db, { organizationId, codeHash: pairingCodeHash(code), label, expiresAt, createdAt: now.toISOString() });
  return { code, label, expiresAt };
}
