/**
 * Creating an API key (POST /api-keys; docs/account.md): the organization named must be the account's, the
 * name must not be the browser sessions' internal keys' (store/browser-key.ts finds them by it), the
 * abilities must fit the key's kind (organization or account key; the API's catalogue, passed in, since the
 * ability names are the API's), the expiry must be in the future, and a live key needs a plan that allows
 * production (billing/entitlements.ts). The secret is returned in clear this once; the store keeps its hash.
 */
import { validationError } from '../domain/errors.ts';
import { assertLiveAllowed } from '../billing/entitlements.ts';
import type { AccountRow } from '../store/accounts.ts';
import { createApiKey, type ApiKeyView } from '../store/api-keys.ts';
import { isReservedKeyName } from '../store/browser-key.ts';
import { getOrganizationByUuid, type OrganizationRow } from '../store/organizations.ts';
import type { Clock } from '../domain/clock.ts';
import type { Store } from '../store/database.ts';

/** A key is one row: the store's handle and the time it is created at. */
export interface KeyDeps {
  store: Pick<Store, 'db'>;
  clock: Clock;
}

/** The abilities each kind of key may carry. */
export interface AbilityCatalogue {
  organization: readonly string[];
  account: readonly string[];
}

export interface ApiKeyRequest {
  name: string;
  mode: 'test' | 'live';
  /** The organization's uuid; absent for an account key. */
  organizationUuid?: string;
  /** Absent: every ability of the key's kind. */
  abilities?: string[];
  /** An ISO date-time, which must be in the future; absent: the key does not expire. */
  expiresAt?: string;
}

function keyOrganization(deps: KeyDeps, accountId: string, uuid: string | undefined): OrganizationRow | undefined {
  if (uuid === undefined) return undefined;
  const organization = getOrganizationByUuid(deps.store.db, accountId, uuid);
  if (!organization) throw validationError({ organization_id: ['No organization with this id in the account.'] });
  return organization;
}

/** The default set of the key's kind, or the requested ones if they fit the kind (each misfit named). */
export function keyAbilities(catalogue: AbilityCatalogue, requested: string[] | undefined, forOrganization: boolean): string[] {
  const available = forOrganization ? catalogue.organization : catalogue.account;
  if (requested === undefined) return [...available];
  const known = [...catalogue.organization, ...catalogue.account];
  const errors: Record<string, string[]> = {};
  requested.forEach((ability, i) => {
    if (available.includes(ability)) return;
    if (!known.includes(ability)) errors[`abilities.${i}`] = [`Unknown ability ${ability}.`];
    else if (forOrganization) errors[`abilities.${i}`] = [`${ability} is an account ability; an organization key cannot carry it.`];
    else errors[`abilities.${i}`] = [`${ability} is an organization ability; an account key carries only account:manage.`];
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return [...new Set(requested)];
}

function futureInstant(now: Date, text: string | undefined): string | null {
  if (text === undefined) return null;
  const at = Date.parse(text);
  if (!(at > now.getTime())) throw validationError({ expires_at: ['Must be a date-time in the future.'] });
  return new Date(at).toISOString();
}

export function createKey(deps: KeyDeps, account: AccountRow, catalogue: AbilityCatalogue, request: ApiKeyRequest): { view: ApiKeyView; secret: string } {
  if (isReservedKeyName(request.name)) throw validationError({ name: ['This name is reserved for the browser sessions\' own keys: choose another.'] });
  const organization = keyOrganization(deps, account.id, request.organizationUuid);
  const abilities = keyAbilities(catalogue, request.abilities, organization !== undefined);
  const now = deps.clock.now();
  const expiresAt = futureInstant(now, request.expiresAt);
  if (request.mode === 'live') assertLiveAllowed(account);
  const input = { accountId: account.id, organizationId: organization?.id ?? null, name: request.name, mode: request.mode, abilities, expiresAt };
  const { row, secret } = createApiKey(deps.store.db, input, now);
  return { view: { ...row, organizationUuid: organization?.uuid ?? null }, secret };
}
