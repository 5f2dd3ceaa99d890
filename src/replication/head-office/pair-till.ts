/**
 * Head office (docs/replication.md, "Pairing"): a till exchanges a pairing code for its credential — an API
 * key of the organization with the single ability `replication:write` — and becomes a row of `tills`. The
 * code is claimed in the transaction that creates the key and the till, by a conditional UPDATE, so it works
 * once even with several serve processes on one database. Refusals: an unknown code 400
 * `pairing_code_invalid`, a used one 409 `pairing_code_used`, an expired one 410 `pairing_code_expired`, a
 * till of another taxpayer 409 `organization_mismatch` (the code stays usable).
 */
import { AppError } from '../../domain/errors.ts';
import type { Clock } from '../../domain/clock.ts';
import type { Store } from '../../store/database.ts';
import { createApiKey } from '../../store/api-keys.ts';
import { getOrganization, type OrganizationRow } from '../../store/organizations.ts';
import { claimPairingCode, findPairingCode, notePairedTill, type PairingCodeRow } from '../../store/pairing-codes.ts';
import { insertTill, type TillRow } from '../../store/tills.ts';
import { pairingCodeHash } from './pairing-code.ts';

export const REPLICATION_ABILITY = 'replication:write';

export interface PairTillRequest {
  code: string;
  name: string;
  branch: string;
  terminal: string;
  identificationNumber: string;
}

export interface PairedTill {
  till: TillRow;
  organization: OrganizationRow;
  token: string;
}

export interface PairTillDependencies {
  store: Pick<Store, 'db' | 'transaction'>;
  clock: Clock;
}

function refusal(row: PairingCodeRow | undefined, now: Date): AppError {
  if (!row) return new AppError('pairing_code_invalid', 400, 'This pairing code is not valid: check it, or create a new one at the head office.');
  if (row.usedAt !== null) return new AppError('pairing_code_used', 409, 'This pairing code was already used: create a new one at the head office.');
  if (Date.parse(row.expiresAt) <= now.getTime()) return new AppError('pairing_code_expired', 410, 'This pairing code has expired: create a new one at the head office.');
  return new AppError('pairing_code_used', 409, 'This pairing code was already used: create a new one at the head office.');
}

/** The organization a code pairs with, if it can still issue (active, not deleted). */
function liveOrganization(deps: PairTillDependencies, row: PairingCodeRow): OrganizationRow | undefined {
  const organization = getOrganization(deps.store.db, row.organizationId);
  return organization && organization.isActive && !organization.deletedAt ? organization : undefined;
}

export function pairTill(deps: PairTillDependencies, request: PairTillRequest): PairedTill {
  const now = deps.clock.now();
  const hash = pairingCodeHash(request.code);
  const row = findPairingCode(deps.store.db, hash);
  const organization = row ? liveOrganization(deps, row) : undefined;
  if (!row || !organization) throw refusal(undefined, now);
  if (row.usedAt !== null || Date.parse(row.expiresAt) <= now.getTime()) throw refusal(row, now);
  // Checked before the claim: a till set up for the wrong taxpayer leaves the code for the right one.
  if (organization.identificationNumber !== request.identificationNumber.trim()) {
    throw new AppError('organization_mismatch', 409, `The till's organization (${request.identificationNumber}) is not the head office's (${organization.identificationNumber}).`);
  }
  return deps.store.transaction((db) => {
    if (!claimPairingCode(db, hash, now)) throw refusal(findPairingCode(db, hash), now);
    // The till's key acts in the environment the head office works in; its documents keep their own (intake.ts).
    const mode = organization.defaultEnvironment === 'production' ? 'live' : 'test';
    const key = createApiKey(db, {
      accountId: organization.accountId,
      organizationId: organization.id,
      name: `Caja · ${request.name}`.slice(0, 100),
      mode,
      abilities: [REPLICATION_ABILITY],
      expiresAt: null,
    }, now);
    const till = insertTill(db, {
      organizationId: organization.id,
      name: request.name,
      branch: request.branch,
      terminal: request.terminal,
      apiKeyId: key.row.id,
      createdAt: now.toISOString(),
    });
    notePairedTill(db, row.id, till.id);
    return { till, organization, token: key.secret };
  });
}
