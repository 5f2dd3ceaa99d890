/**
 * A supervisor's approval (docs/tills.md): when the cashier's role may not do something (`403
 * role_forbidden`), a supervisor or the owner types their PIN at this till and the server answers a
 * single-use token for that one action on the refusal's target (a document, a shift), good for this
 * session's cashier only. `requestApproval({action, target})` opens the dialog (ApprovalDialog.tsx, mounted
 * once by the shell) and resolves with the token, or null when the cashier cancels.
 */
import { create } from 'zustand';
import { api as defaultApi, type ApiClient } from '../../api/client.ts';
import { asError, busyRunner } from '../async-action.ts';

export const APPROVAL_ACTIONS = ['void', 'credit_note', 'debit_note', 'discount', 'other_shift'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** What a refusal asks approved: the action, and the document key or shift id it was refused on. */
export interface ApprovalAsk {
  action: ApprovalAction;
  target?: string;
}

export interface Approver {
  id: number;
  name: string;
  role: string;
}

export interface ApprovalState {
  /** The action waiting for a supervisor; null while no dialog is open. */
  action: ApprovalAction | null;
  /** The refusal's target, sent with the approval (it is good for that one only). */
  target: string | null;
  approvers: Approver[];
  busy: boolean;
  error: Error | null;
  ask(asked: ApprovalAsk): Promise<string | null>;
  submit(approverId: number, pin: string): Promise<void>;
  cancel(): void;
}

export function approvalApi(client: Pick<ApiClient, 'data'> = defaultApi) {
  return {
    approvers: async () => (await client.data<Approver[]>('GET', '/session/cashiers')).filter((c) => c.role === 'supervisor' || c.role === 'owner'),
    approve: (cashierId: number, pin: string, action: ApprovalAction, target: string | null) =>
      client.data<{ approval: string; expires_at: string }>('POST', '/session/approvals', { cashier_id: cashierId, pin, action, ...(target === null ? {} : { target }) }),
  };
}

export function createApprovalStore(api = approvalApi()) {
  let settle: ((token: string | null) => void) | null = null;
  const finish = (token: string | null) => {
    const resolve = settle;
    settle = null;
    resolve?.(token);
  };
  return create<ApprovalState>((set, get) => {
    const run = busyRunner(get, set);
    return {
      action: null,
      target: null,
      approvers: [],
      busy: false,
      error: null,

      ask({ action, target }) {
        finish(null); // one dialog at a time: an older request is cancelled
        set({ action, target: target ?? null, error: null, busy: false });
        api.approvers().then((approvers) => set({ approvers }), (error: unknown) => set({ error: asError(error) }));
        return new Promise((resolve) => {
          settle = resolve;
        });
      },

      async submit(approverId, pin) {
        const { action, target } = get();
        if (!action) return;
        await run(async () => {
          const { approval } = await api.approve(approverId, pin, action, target);
          set({ action: null, target: null });
          finish(approval);
        });
      },

      cancel() {
        set({ action: null, target: null, error: null, busy: false });
        finish(null);
      },
    };
  });
}

export const useApproval = createApprovalStore();

export const requestApproval = (asked: ApprovalAsk) => useApproval.getState().ask(asked);
