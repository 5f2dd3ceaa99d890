/**
 * The role of a browser session's cashier, enforced before the handler (docs/tills.md, "Who is who"): runs as
 * a route's preValidation hook, once the body is parsed (issuing depends on the document type and the
 * discounts asked for). A request the role may not make answers `403 role_forbidden` with `action`,
 * `required_role` and `role`, unless it carries a supervisor's approval for that action
 * (`X-Facturador-Approval`, tills/approvals.ts): then `auth.approvedBy` is the supervisor and the request
 * goes on as theirs. An approval is bound to the session, its cashier and the request's target (`:key`,
 * `:id`; for issuing the digest of the body, for the day's Z its date); an approvable refusal says so
 * (`approvable: true`) and names that `target`, for the screens to ask the approval for. A used approval is
 * given back when the request is refused (4xx), so it serves the same request sent again (a document refused
 * for another reason and corrected is another body: it needs another approval); after a server error (5xx)
 * the work may have been done, so it is spent.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CashierRole } from '../../domain/cashier.ts';
import { hashSecret } from '../../store/api-keys.ts';
import type { ApprovalAction, Approvals, ApprovalUse, TakenApproval } from '../../tills/approvals.ts';
import { DAILY_REPORT_ROUTE, ISSUE_ROUTE, isShiftRoute, roleDecision, type RoleDecision } from '../../tills/role-abilities.ts';
import { ApiError } from '../errors.ts';
import type { KeyKind } from '../route-config.ts';
import { sessionId } from '../browser/session-auth.ts';

export const APPROVAL_HEADER = 'x-facturador-approval';

declare module 'fastify' {
  interface FastifyRequest {
    /** The approval this request used; given back if it fails (onResponse). */
    approvalTaken?: TakenApproval;
  }
}

function refusal(decision: Exclude<RoleDecision, { allowed: true }>, role: CashierRole, target: string | undefined): ApiError {
  const approvable = decision.approval ? { approvable: true, ...(target === undefined ? {} : { target }) } : {};
  const details = { action: decision.action, required_role: decision.role, role, ...approvable };
  if (decision.role === 'owner') return new ApiError('role_forbidden', 403, `Only the owner may do this (${decision.action}).`, { details });
  if (decision.approval) return new ApiError('role_forbidden', 403, `This needs a supervisor (${decision.action}): ask for a supervisor's approval.`, { details });
  return new ApiError('role_forbidden', 403, `Only a supervisor or the owner may do this (${decision.action}).`, { details });
}

function takeApproval(approvals: Approvals, request: FastifyRequest, action: ApprovalAction): TakenApproval | undefined {
  const token = request.headers[APPROVAL_HEADER];
  const use = approvalUse(request);
  if (typeof token !== 'string' || token === '' || use === undefined) return undefined;
  return approvals.take(token, use, action);
}

/** The route's pattern under /api/v1, e.g. `/documents/:key/void`. */
const routeUrl = (request: FastifyRequest) => (request.routeOptions.url ?? '').replace(/^\/api\/v1(?=\/)/, '');

/**
 * What an approval is bound to on this request: the `:key` (a document) or `:id` (a shift) it acts on; on
 * the issuing route, which has neither, the SHA-256 (hex, 64 characters) of the body as parsed, so a discount
 * or a note approved for one document is no good for another; on the day's Z, the `date` asked for.
 */
export function approvalTarget(request: FastifyRequest): string | undefined {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const target = params['key'] ?? params['id'];
  if (typeof target === 'string') return target;
  const url = routeUrl(request);
  if (request.method === 'POST' && url === ISSUE_ROUTE) return createHash('sha256').update(JSON.stringify(request.body ?? null)).digest('hex');
  if (url === DAILY_REPORT_ROUTE) {
    const date = ((request.query ?? {}) as Record<string, unknown>)['date'];
    return typeof date === 'string' && date !== '' ? date : undefined;
  }
  return undefined;
}

/** Who would use an approval on this request: the session, its cashier, the route's target. */
function approvalUse(request: FastifyRequest): ApprovalUse | undefined {
  const session = approvalSession(request);
  const cashier = request.auth?.cashier;
  if (session === undefined || !cashier) return undefined;
  return { session, cashierId: cashier.id, target: approvalTarget(request) };
}

/** The opaque id approvals are bound to: the digest of the session cookie's secret. */
export function approvalSession(request: FastifyRequest): string | undefined {
  const secret = sessionId(request);
  return secret === undefined ? undefined : hashSecret(secret);
}

export function enforceRole(approvals: Approvals, request: FastifyRequest, kind: KeyKind, abilities: readonly string[]): void {
  const auth = request.auth;
  const cashier = auth?.cashier;
  if (!auth || !cashier || cashier.role === 'owner') return;
  const url = routeUrl(request);
  const limit = request.counter?.discountLimitPercent ?? '0';
  // A HEAD runs its GET's handler: the same rules.
  const asked = { method: request.method === 'HEAD' ? 'GET' : request.method, url, abilities, account: kind === 'account', body: request.body };
  const decision = roleDecision(cashier.role, asked, limit);
  if (decision.allowed) {
    // A cashier acting on another's shift: the shifts section asks mayActOnShift, which reads approvedBy.
    if (cashier.role === 'cashier' && isShiftRoute(url)) approve(request, takeApproval(approvals, request, 'other_shift'));
    return;
  }
  const taken = decision.approval ? takeApproval(approvals, request, decision.approval) : undefined;
  if (taken && roleDecision(taken.approver.role, asked, limit).allowed) return approve(request, taken);
  taken?.restore();
  throw refusal(decision, cashier.role, approvalTarget(request));
}

function approve(request: FastifyRequest, taken: TakenApproval | undefined): void {
  if (!taken || !request.auth) return;
  request.auth = { ...request.auth, approvedBy: taken.approver };
  request.approvalTaken = taken;
}

/** onResponse: an approval whose request was refused (4xx) was not used; a 5xx may have done the work. */
export function returnUnusedApproval(request: FastifyRequest, reply: FastifyReply): void {
  if (request.approvalTaken && reply.statusCode >= 400 && reply.statusCode < 500) request.approvalTaken.restore();
}
