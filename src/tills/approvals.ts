/**
 * A supervisor's approval of one thing a cashier's role may not do (docs/tills.md, "Who is who"): a random
 * token, single use, valid two minutes, bound to the browser session it was asked from, the cashier signed in
 * there (another cashier switching in may not use it), one action and, where the refusal named one, its
 * target (the document's key, the shift's id, the digest of the document to issue, the day's Z's date): a void
 * approved for one ticket does not void another, a discount approved for one sale does not serve another.
 * Kept in memory: a restart forgets them, which costs a cashier one more PIN at worst.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../domain/clock.ts';
import type { SessionCashier } from '../domain/cashier.ts';

export const APPROVAL_ACTIONS = ['void', 'credit_note', 'debit_note', 'discount', 'other_shift'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

export const APPROVAL_TTL_MS = 2 * 60_000;

/** Whose request may use an approval: the browser session, its cashier, and the route's target if it has one. */
export interface ApprovalUse {
  /** An opaque id of the browser session (its cookie's digest). */
  session: string;
  cashierId: number;
  /** The request's target (role-gate.ts approvalTarget): `:key`, `:id`, the issued body's digest, the day's Z's date. */
  target: string | undefined;
}

interface Approval extends ApprovalUse {
  action: ApprovalAction;
  approver: SessionCashier;
  expiresAt: number;
}

/** A token taken for one request; `restore` gives it back when that request failed (it was not used). */
export interface TakenApproval {
  approver: SessionCashier;
  restore(): void;
}

export class Approvals {
  private readonly approvals = new Map<string, Approval>();

  constructor(private readonly clock: Clock) {}

  /** A new token for `use` (the session, its cashier, the target the refusal named). */
  grant(use: ApprovalUse, action: ApprovalAction, approver: SessionCashier): { token: string; expiresAt: Date } {
    this.sweep();
    const token = randomBytes(24).toString('base64url');
    const expiresAt = this.clock.now().getTime() + APPROVAL_TTL_MS;
    this.approvals.set(token, { session: use.session, cashierId: use.cashierId, target: use.target, action, approver, expiresAt });
    return { token, expiresAt: new Date(expiresAt) };
  }

  /**
   * Takes the token for `action` if it is for this use (session, cashier, target), unexpired and for that
   * action; a token for another stays for its own use. Until restored, no other request can take it.
   */
  take(token: string, use: ApprovalUse, action: ApprovalAction): TakenApproval | undefined {
    const approval = this.approvals.get(token);
    if (!approval || approval.action !== action) return undefined;
    if (approval.session !== use.session || approval.cashierId !== use.cashierId || approval.target !== use.target) return undefined;
    this.approvals.delete(token);
    if (approval.expiresAt <= this.clock.now().getTime()) return undefined;
    return { approver: approval.approver, restore: () => void this.approvals.set(token, approval) };
  }

  /** Expired tokens go whenever a new one is made, so the map never holds more than two minutes' worth. */
  private sweep(): void {
    const now = this.clock.now().getTime();
    for (const [token, approval] of this.approvals) if (approval.expiresAt <= now) this.approvals.delete(token);
  }
}
