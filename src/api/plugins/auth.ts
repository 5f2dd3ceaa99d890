/**
 * Authentication and abilities as a plugin: each route declares in its `config` which kind of key it takes
 * (`key`: none, any, account, organization — organization when left out) and which `abilities` it needs
 * (route-config.ts). Read once per route in `onRoute`, as @fastify/rate-limit reads its own: a route that
 * takes a key gets an onRequest hook that sets `request.auth`, after the Host check and the browser session
 * (global hooks run before a route's own, so the browser plugin is no dependency: without it, bearer keys only). 403 account_key_required / organization_key_required / forbidden
 * when the key does not fit; who the key is, and its other refusals, are authenticate.ts's.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { touchApiKey } from '../../store/api-keys.ts';
import { ApiError } from '../errors.ts';
import type { KeyKind } from '../route-config.ts';
import { appendHook } from './route-hooks.ts';
import { authenticateOrUnavailable, type AuthDependencies } from './authenticate.ts';
import { DOCS_PREFIX } from './security-headers.ts';
import { enforceRole, returnUnusedApproval } from './role-gate.ts';
import type { Approvals } from '../../tills/approvals.ts';

/** The supervisors' approvals a cashier's request may carry (role-gate.ts). */
export type AuthOptions = AuthDependencies & { approvals: Approvals };

/** The key kind a route takes: none for the browsable OpenAPI (swagger-ui's own routes, public like the document). */
export function routeKeyKind(route: Pick<RouteOptions, 'url' | 'config'>): KeyKind {
  if (route.url.startsWith(DOCS_PREFIX)) return 'none';
  return route.config?.key ?? 'organization';
}

function authorize(deps: AuthDependencies, request: FastifyRequest, kind: Exclude<KeyKind, 'none'>, abilities: readonly string[]): void {
  const auth = authenticateOrUnavailable(deps, request, kind);
  if (kind === 'account' && auth.organization) {
    throw new ApiError('account_key_required', 403, 'This operation needs an account key (ability account:manage), not an organization key.');
  }
  if (kind === 'organization' && !auth.organization) {
    throw new ApiError('organization_key_required', 403, 'This operation needs an organization key, not an account key.');
  }
  const missing = abilities.filter((a) => !auth.key.abilities.includes(a));
  if (missing.length > 0) throw new ApiError('forbidden', 403, `This API key lacks the ability ${missing.join(', ')}.`);
  request.auth = auth;
  touchApiKey(deps.store.db, auth.key, deps.clock.now());
}

export const authPlugin = fp<AuthOptions>(async (app, deps) => {
  app.addHook('onRoute', (route) => {
    const kind = routeKeyKind(route);
    if (kind === 'none') return;
    const abilities = route.config?.abilities ?? [];
    appendHook(route, 'onRequest', async (request) => authorize(deps, request, kind, abilities));
    // A cashier's role, once the body is read (issuing depends on it): docs/tills.md.
    if (kind === 'organization' || kind === 'account') {
      appendHook(route, 'preValidation', async (request) => enforceRole(deps.approvals, request, kind, abilities));
      appendHook(route, 'onResponse', async (request, reply) => returnUnusedApproval(request, reply));
    }
  });
}, { name: 'facturador-auth' });
