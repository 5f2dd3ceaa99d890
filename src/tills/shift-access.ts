/**
 * Who may act on a shift (docs/tills.md, "Who is who"): a cashier its own only; a supervisor or the owner, a
 * supervisor's approval, and bearer keys (no cashier) any. The rule is the cashiers' (role-abilities.ts);
 * here it becomes the 403 the API answers. The day's Z is refused to a cashier by the role gate
 * (api/plugins/role-gate.ts, a supervisor's route).
 */
import type { SessionCashier } from '../domain/cashier.ts';
import { AppError } from '../domain/errors.ts';
import { mayActOnShift } from './role-abilities.ts';

/** The session's cashier and the supervisor whose approval the request carries (both absent for API keys). */
export interface ShiftActor {
  cashier?: SessionCashier | undefined;
  approvedBy?: SessionCashier | undefined;
}

/**
 * The refusal is approvable (`approvable: true`) and names its `target`, the shift id, which the approval is
 * then bound to (tills/approvals.ts): an approval for this shift does not open another.
 */
export function assertMayActOnShift(actor: ShiftActor, shift: { id: number; openedBy: number | null }): void {
  if (mayActOnShift(actor, shift)) return;
  throw new AppError('role_forbidden', 403, 'A cashier acts on its own shift only: another cashier\'s shift needs a supervisor.', {
    details: { action: 'other_shift', required_role: 'supervisor', role: actor.cashier?.role ?? null, approvable: true, target: String(shift.id) },
  });
}
