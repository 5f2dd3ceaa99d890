/**
 * The cashier of a browser session, on each of its requests (docs/tills.md, "The session's cashier" and
 * "Inactivity"): one statement reads whether the organization has cashiers, its till settings and the
 * session's cashier (store/session-cashier.ts). A cashier idle past `lock_after_minutes` is signed out
 * here; a session of an organization with cashiers and none signed in answers `401 cashier_required`, but
 * on the PIN pad's own routes (config `cashier: 'optional'`). The role's narrowing is role-gate.ts's.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';
import type { AuthContext, KeyKind } from '../route-config.ts';
import { activeOrganization } from '../../store/organizations.ts';
import { clearSessionCashier, readCounterState, strandedCounterOrganization, touchSessionCashier, type CounterState } from '../../store/session-cashier.ts';
import type { BrowserDependencies } from './dependencies.ts';
import { sessionId } from './session-auth.ts';
import type { BrowserSession } from './sessions.ts';

/** `cashier_seen_at` moves at most this often: the inactivity lock is that much less exact, reads stay reads. */
const TOUCH_EVERY_MS = 10_000;

/**
 * Sent by the screens' background polls (the connectivity banner, the pending badge, a document's status):
 * such a request is not the cashier's doing, so it does not keep the cashier signed in. Without it a screen
 * left open would never lock.
 */
export const BACKGROUND_HEADER = 'x-facturador-background';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session's organization's counter, read with its cashier (browser sessions only). */
    counter?: CounterState;
  }
}

export const cashierRequired = () => new ApiError('cashier_required', 401, 'A cashier must sign in with a PIN first (POST /session/cashier).');

/** Whether a cashier last seen at `seenAt` is past the organization's inactivity lock at `now`. */
export function idle(state: CounterState, seenAt: string | undefined, now: Date): boolean {
  if (state.lockAfterMinutes <= 0) return false;
  return seenAt === undefined || now.getTime() - Date.parse(seenAt) >= state.lockAfterMinutes * 60_000;
}

/** The session's counter in `organizationId`, with the cashier dropped (and forgotten) once idle too long. */
function counterOf(deps: BrowserDependencies, request: FastifyRequest, organizationId: number): CounterState {
  const session = request.browserSession!;
  const secret = sessionId(request)!;
  const state = readCounterState(deps.store.db, organizationId, session.cashierId ?? null);
  if (!state.cashier) return state;
  const now = deps.clock.now();
  if (idle(state, session.cashierSeenAt, now)) {
    clearSessionCashier(deps.store.db, secret);
    const { cashier: _gone, ...rest } = state;
    return rest;
  }
  if (request.headers[BACKGROUND_HEADER] === '1') return state;
  if (session.cashierSeenAt === undefined || now.getTime() - Date.parse(session.cashierSeenAt) >= TOUCH_EVERY_MS) touchSessionCashier(deps.store.db, secret, now);
  return state;
}

/**
 * The organization whose counter governs an account route of the session: the session's (chosen, else first
 * active); when that does not resolve (the chosen one deactivated), its cashier's or another with cashiers
 * (store strandedCounterOrganization), so that a session with a cashier to ask for is never the owner by
 * default. Undefined only when no cashier could be asked of it.
 */
export function counterOrganizationId(deps: BrowserDependencies, session: BrowserSession): number | undefined {
  return activeOrganization(deps.store.db, session.accountId, session.organizationUuid)?.id
    ?? strandedCounterOrganization(deps.store.db, session.accountId, session.cashierId ?? null, session.organizationUuid ?? null);
}

/**
 * Adds the session's cashier to a browser session's `auth` (organization and account routes); the session is
 * the owner only while no cashier is needed or an owner cashier is signed in.
 */
export function withSessionCashier(deps: BrowserDependencies, request: FastifyRequest, kind: KeyKind, auth: AuthContext): AuthContext {
  if (!request.browserSession || (kind !== 'organization' && kind !== 'account')) return auth;
  const organizationId = kind === 'organization' ? auth.organization?.id : counterOrganizationId(deps, request.browserSession);
  if (organizationId === undefined) return auth;
  const state = counterOf(deps, request, organizationId);
  request.counter = state;
  if (!state.required) return auth;
  if (!state.cashier) {
    if (request.routeOptions.config?.cashier === 'optional') return auth;
    throw cashierRequired();
  }
  const { owner: _owner, ...rest } = auth;
  return state.cashier.role === 'owner' ? { ...auth, cashier: state.cashier } : { ...rest, cashier: state.cashier };
}
