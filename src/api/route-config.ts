/**
 * What a route requires, declared in its fastify `config`: which kind of key, and which abilities.
 * `plugins/auth.ts` enforces it before the handler runs.
 */
import type { FastifyRequest } from 'fastify';
import type { AccountRow } from '../store/accounts.ts';
import type { ApiKeyRow } from '../store/api-keys.ts';
import type { OrganizationRow } from '../store/organizations.ts';
import type { SessionCashier } from '../domain/cashier.ts';

export type KeyKind = 'none' | 'any' | 'account' | 'organization';
export type Environment = 'staging' | 'production';

export interface AuthContext {
  key: ApiKeyRow;
  account: AccountRow;
  organization?: OrganizationRow; // present for organization keys
  environment: Environment; // test keys act on staging, live keys on production
  /**
   * The signed-in browser: the local owner (the administrator's powers, docs/browser-access.md), who also
   * prepares production (certificate, counters) before going live, whichever key the session acts as.
   */
  owner?: true;
  /** The cashier the browser session signed in with its PIN (docs/tills.md); never for a bearer key. */
  cashier?: SessionCashier;
  /** The supervisor whose approval (X-Facturador-Approval) this one request carries. */
  approvedBy?: SessionCashier;
}

/** An organization key's context, for routes declared with `key: 'organization'`. */
export interface OrganizationAuth extends AuthContext {
  organization: OrganizationRow;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    key?: KeyKind;
    /** Every listed ability is required (checked after the key kind). */
    abilities?: readonly string[];
    /** The PIN pad's own routes answer a browser session without a signed-in cashier (docs/tills.md). */
    cashier?: 'optional';
  }
  interface FastifyRequest {
    auth?: AuthContext;
    /** Set by the idempotency hook when the request carries X-Idempotency-Key. */
    idempotency?: { apiKeyId: string; key: string };
  }
}

export function requireOrganization(request: FastifyRequest): OrganizationAuth {
  const auth = request.auth;
  if (!auth?.organization) throw new Error('route declared without key: organization');
  return auth as OrganizationAuth;
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('route declared without authentication');
  return request.auth;
}
