/**
 * The session's cashier (docs/tills.md, "The session's cashier"): the PIN pad's list, signing a cashier in
 * (and switching), who is signed in, locking, and a supervisor's approval of one request. Browser sessions
 * only: a bearer key has no PIN pad (403 browser_session_required). The pad's own routes answer without a
 * cashier (config `cashier: 'optional'`); an approval needs the cashier it is for.
 */
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { RoutePlugin } from '../route-plugin.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../envelope.ts';
import { requireOrganization } from '../../route-config.ts';
import { sessionId } from '../../browser/session-auth.ts';
import { cashierRequired } from '../../browser/session-cashier.ts';
import { approvalSession } from '../../plugins/role-gate.ts';
import { checkPin, cashiersOf, type CashierDependencies } from '../../../tills/cashiers.ts';
import type { CashierRole } from '../../../domain/cashier.ts';
import type { Approvals } from '../../../tills/approvals.ts';
import { PinThrottle } from '../../../tills/pin-throttle.ts';
import { DEFAULT_TILL_SETTINGS } from '../../../store/till-settings.ts';
import { clearSessionCashier, setSessionCashier } from '../../../store/session-cashier.ts';
import { ApprovalBody, ApprovalReply, PadCashiersReply, SessionCashierReply, SignInBody, SignInReply } from './schemas.ts';

/** The PIN pad's routes; none of the session routes is idempotent (a PIN's digest would be stored). */
const PAD = { key: 'organization', cashier: 'optional', idempotency: 'never' } as const;

/** The cookie's secret of a browser session's request; a bearer key has no PIN pad. */
function sessionSecret(request: FastifyRequest): string {
  const secret = request.browserSession ? sessionId(request) : undefined;
  if (secret === undefined) throw new ApiError('browser_session_required', 403, 'Cashiers sign in on the screens (a browser session), not with an API key.');
  return secret;
}

export type TillsDependencies = CashierDependencies & { approvals: Approvals };

export const tillRoutes: RoutePlugin<TillsDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['tills'];
  // Wrong PINs per session (429 pin_throttled): the app's own, like the rate limiter's windows.
  const throttle = new PinThrottle(deps.clock);
  /** `checkPin`, after the session's throttle, counting a wrong PIN against the session. */
  const pinOf = (request: FastifyRequest, organizationId: number, cashierId: number, pin: string) => {
    const session = approvalSession(request)!;
    throttle.check(session);
    return checkPin(deps, organizationId, cashierId, pin, () => throttle.failed(session));
  };

  app.get('/session/cashiers', {
    config: PAD,
    schema: { tags, summary: 'The active cashiers, for the PIN pad (browser session)', response: { 200: PadCashiersReply } },
  }, async (request) => {
    sessionSecret(request);
    const { organization } = requireOrganization(request);
    return ok(cashiersOf(deps, organization.id).map((c) => ({ id: c.id, name: c.name, role: c.role as CashierRole })));
  });

  app.get('/session/cashier', {
    config: PAD,
    schema: { tags, summary: 'Who is signed in at this session, and whether a cashier is needed', response: { 200: SessionCashierReply } },
  }, async (request) => {
    sessionSecret(request);
    const auth = requireOrganization(request);
    const counter = request.counter;
    return ok({
      cashier: auth.cashier ?? null,
      lock_after_minutes: counter?.lockAfterMinutes ?? DEFAULT_TILL_SETTINGS.lockAfterMinutes,
      required: counter?.required ?? false,
    });
  });

  app.post('/session/cashier', {
    config: PAD,
    schema: { tags, summary: 'Sign a cashier in with its PIN (switching is the same call)', body: SignInBody, response: { 200: SignInReply } },
  }, async (request) => {
    const secret = sessionSecret(request);
    const { organization } = requireOrganization(request);
    const cashier = await pinOf(request, organization.id, request.body.cashier_id, request.body.pin);
    setSessionCashier(deps.store.db, secret, cashier.id, deps.clock.now());
    return ok({ cashier }, 'Cashier signed in.');
  });

  app.delete('/session/cashier', {
    config: PAD,
    schema: { tags, summary: 'Lock now: the session forgets its cashier until the next PIN', response: { 204: Type.Null({ description: 'locked; no content' }) } },
  }, async (request, reply) => {
    clearSessionCashier(deps.store.db, sessionSecret(request));
    return reply.code(204).send(null);
  });

  app.post('/session/approvals', {
    config: { key: 'organization', idempotency: 'never' },
    schema: { tags, summary: "A supervisor's approval of one action of this session's cashier (single use, 2 minutes)", body: ApprovalBody, response: { 201: ApprovalReply } },
  }, async (request, reply) => {
    sessionSecret(request);
    const auth = requireOrganization(request);
    if (!auth.cashier) throw cashierRequired();
    const { cashier_id: approverId, pin, action } = request.body;
    const approver = await pinOf(request, auth.organization.id, approverId, pin);
    if (approver.role === 'cashier') {
      throw new ApiError('role_forbidden', 403, `Only a supervisor or the owner may do this (approve).`, { details: { action: 'approve', required_role: 'supervisor', role: approver.role } });
    }
    // Bound to this session, its cashier and the target the refusal named (docs/tills.md, "Who is who").
    const use = { session: approvalSession(request)!, cashierId: auth.cashier.id, target: request.body.target };
    const granted = deps.approvals.grant(use, action, approver);
    return reply.code(201).send(ok({ approval: granted.token, expires_at: granted.expiresAt.toISOString(), approved_by: approver }, 'Approved.'));
  });
};
