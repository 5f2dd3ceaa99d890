/**
 * Runs a request; when the server refuses it with an approvable `403 role_forbidden` (its details say
 * `approvable: true` and name the `action`, and the `target` when the request acts on one document or shift),
 * asks a supervisor's approval of that action on that target and sends the request once more with the token
 * (`X-Facturador-Approval`). A refusal that is not approvable (the owner's, a document type), or one the
 * cashier cancels, stands.
 */
import { ApiRequestError } from '../../api/client.ts';
import { APPROVAL_ACTIONS, requestApproval, type ApprovalAction, type ApprovalAsk } from './store.ts';

export const APPROVAL_HEADER = 'x-facturador-approval';

/** What the refusal asks a supervisor to approve; null when it is not an approvable refusal. */
export function approvalAsked(error: unknown): ApprovalAsk | null {
  if (!(error instanceof ApiRequestError) || error.status !== 403 || error.code !== 'role_forbidden') return null;
  const { approvable, action, target } = error.details;
  if (approvable !== true || !APPROVAL_ACTIONS.includes(action as ApprovalAction)) return null;
  return { action: action as ApprovalAction, ...(typeof target === 'string' ? { target } : {}) };
}

export async function withApproval<T>(
  call: (headers: Record<string, string>) => Promise<T>,
  ask: (asked: ApprovalAsk) => Promise<string | null> = requestApproval,
): Promise<T> {
  try {
    return await call({});
  } catch (error) {
    const asked = approvalAsked(error);
    if (!asked) throw error;
    const token = await ask(asked);
    if (!token) throw error;
    return call({ [APPROVAL_HEADER]: token });
  }
}
