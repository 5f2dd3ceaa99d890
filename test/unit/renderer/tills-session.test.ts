/**
 * Who is at the till (renderer/tills/session-store.ts) and the supervisor's approval (shared/approval):
 * the PIN pad's phases, and a refused request sent again once with the approval's token.
 */
import { describe, expect, it } from 'vitest';
import { ApiRequestError, errorFromBody } from '../../../renderer/api/client.ts';
import { createCashierSession } from '../../../renderer/tills/session-store.ts';
import type { SessionApi } from '../../../renderer/tills/api.ts';
import type { PadCashier, SessionCashier } from '../../../renderer/tills/types.ts';
import { APPROVAL_HEADER, approvalAsked, withApproval } from '../../../renderer/shared/approval/with-approval.ts';
import type { ApprovalAsk } from '../../../renderer/shared/approval/store.ts';
import { isSwitchKey } from '../../../renderer/tills/switch-key.ts';

const ANA: PadCashier = { id: 1, name: 'Ana', role: 'cashier' };
const LUIS: PadCashier = { id: 2, name: 'Luis', role: 'supervisor' };

/** A server of one organization: its cashiers, the PIN of each, and the session's cashier. */
function server(options: { cashiers?: PadCashier[]; pins?: Record<number, string>; failState?: ApiRequestError } = {}) {
  const cashiers = options.cashiers ?? [ANA, LUIS];
  const pins = options.pins ?? { 1: '1234', 2: '9876' };
  let signed: PadCashier | null = null;
  let locks = 0;
  const api: SessionApi = {
    state: async (): Promise<SessionCashier> => {
      if (options.failState) throw options.failState;
      return { cashier: signed, lock_after_minutes: 5, required: cashiers.length > 0 };
    },
    cashiers: async () => cashiers,
    signIn: async (id, pin) => {
      const cashier = cashiers.find((c) => c.id === id);
      if (!cashier || pins[id] !== pin) throw new ApiRequestError(401, 'pin_invalid', 'PIN incorrecto: quedan 4 intentos.');
      signed = cashier;
      return { cashier };
    },
    lock: async () => {
      locks += 1;
      signed = null;
    },
  };
  return { api, locks: () => locks };
}

describe('the session cashier', () => {
  it('asks for a PIN once the shop has cashiers, and signs in with the right one', async () => {
    const s = server();
    const store = createCashierSession(s.api);
    await store.getState().load();
    expect(store.getState().phase).toBe('locked');
    expect(store.getState().cashiers.map((c) => c.name)).toEqual(['Ana', 'Luis']);
    expect(await store.getState().signIn(1, '0000')).toBe(false);
    expect(store.getState().error?.message).toContain('quedan 4');
    expect(store.getState().phase).toBe('locked');
    expect(await store.getState().signIn(1, '1234')).toBe(true);
    expect(store.getState()).toMatchObject({ phase: 'signed', cashier: ANA, error: null, lockAfterMinutes: 5 });
  });

  it('stays out of the way while the shop has no cashier, and when the server cannot tell', async () => {
    const none = createCashierSession(server({ cashiers: [] }).api);
    await none.getState().load();
    expect(none.getState().phase).toBe('free');
    const firstRun = createCashierSession(server({ failState: new ApiRequestError(403, 'organization_key_required', 'x') }).api);
    await firstRun.getState().load();
    expect(firstRun.getState().phase).toBe('free');
  });

  it('locks on "Bloquear" (the server forgets the cashier) and on a 401 cashier_required from any request', async () => {
    const s = server();
    const store = createCashierSession(s.api);
    await store.getState().load();
    await store.getState().signIn(2, '9876');
    await store.getState().lock();
    expect(store.getState()).toMatchObject({ phase: 'locked', cashier: null });
    expect(s.locks()).toBe(1);
    await store.getState().signIn(1, '1234');
    store.getState().required();
    expect(store.getState().phase).toBe('locked');
    expect(s.locks()).toBe(1); // the server already forgot: nothing to ask
  });

  it('switches cashier with F10 alone', () => {
    const key = (k: string, mods: Partial<KeyboardEvent> = {}) => isSwitchKey({ key: k, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, ...mods });
    expect(key('F10')).toBe(true);
    expect(key('F10', { ctrlKey: true })).toBe(false);
    expect(key('F9')).toBe(false);
  });
});

describe('a supervisor approval', () => {
  const refused = (details: Record<string, unknown> = { action: 'void', approvable: true, target: '50601' }) =>
    new ApiRequestError(403, 'role_forbidden', 'Un cajero no puede anular: se necesita un supervisor.', {}, details);

  it('sends the refused request once more with the token approved for the action and target the refusal names', async () => {
    const sent: Record<string, string>[] = [];
    const asked: ApprovalAsk[] = [];
    const result = await withApproval(async (headers) => {
      sent.push(headers);
      if (!headers[APPROVAL_HEADER]) throw refused();
      return 'nota 42';
    }, async (ask) => {
      asked.push(ask);
      return 'tok-1';
    });
    expect(result).toBe('nota 42');
    expect(asked).toEqual([{ action: 'void', target: '50601' }]);
    expect(sent).toEqual([{}, { [APPROVAL_HEADER]: 'tok-1' }]);
  });

  it('asks for the action the server names, not one the screen guessed', async () => {
    const asked: ApprovalAsk[] = [];
    await withApproval(async (headers) => {
      if (!headers[APPROVAL_HEADER]) throw refused({ action: 'credit_note', approvable: true });
      return 'ok';
    }, async (ask) => { asked.push(ask); return 't'; });
    expect(asked).toEqual([{ action: 'credit_note' }]);
  });

  it('keeps the refusal when the cashier cancels, and asks nobody for other errors nor for a refusal no supervisor can lift', async () => {
    await expect(withApproval(async () => { throw refused(); }, async () => null)).rejects.toMatchObject({ code: 'role_forbidden' });
    let asked = 0;
    const count = async () => { asked += 1; return 't'; };
    await expect(withApproval(async () => { throw new ApiRequestError(422, 'document_not_accepted', 'x'); }, count))
      .rejects.toMatchObject({ code: 'document_not_accepted' });
    await expect(withApproval(async () => { throw refused({ action: 'manage', required_role: 'owner' }); }, count)).rejects.toMatchObject({ code: 'role_forbidden' });
    await expect(withApproval(async () => { throw refused({ action: 'document_type', required_role: 'owner', approvable: false }); }, count)).rejects.toMatchObject({ code: 'role_forbidden' });
    expect(asked).toBe(0);
  });

  it('reads the refusal\'s details from the error envelope', () => {
    const error = errorFromBody(403, { success: false, error: { code: 'role_forbidden', message: 'm', action: 'other_shift', required_role: 'supervisor', role: 'cashier', approvable: true, target: '7' } });
    expect(approvalAsked(error)).toEqual({ action: 'other_shift', target: '7' });
    expect(approvalAsked(errorFromBody(403, { success: false, error: { code: 'role_forbidden', message: 'm', action: 'manage', required_role: 'owner' } }))).toBeNull();
  });
});
