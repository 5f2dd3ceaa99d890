/**
 * A supervisor's approval (src/tills/approvals.ts, docs/tills.md "Who is who"): bound to the session, its
 * cashier and the target, single use; and given back by the role gate's onResponse
 * (api/plugins/role-gate.ts) only when its request was refused (4xx), never after a server error, when the
 * work may have been done. A real fastify app with the gate's hook, a real Approvals.
 */
import { afterAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { Approvals, type ApprovalUse } from '../../../src/tills/approvals.ts';
import { returnUnusedApproval } from '../../../src/api/plugins/role-gate.ts';

const now = { at: Date.parse('2026-11-27T10:00:00Z') };
const clock = { now: () => new Date(now.at) };
const jorge = { id: 9, name: 'Jorge', role: 'supervisor' as const };
const use = (over: Partial<ApprovalUse> = {}): ApprovalUse => ({ session: 's1', cashierId: 1, target: '42', ...over });

describe('Approvals', () => {
  it('is taken only by the session, cashier and target it was granted for, once', () => {
    const approvals = new Approvals(clock);
    const { token } = approvals.grant(use(), 'void', jorge);
    expect(approvals.take(token, use({ target: '43' }), 'void')).toBeUndefined();
    expect(approvals.take(token, use({ cashierId: 2 }), 'void')).toBeUndefined();
    expect(approvals.take(token, use({ session: 's2' }), 'void')).toBeUndefined();
    expect(approvals.take(token, use({ target: undefined }), 'void')).toBeUndefined();
    expect(approvals.take(token, use(), 'other_shift')).toBeUndefined();
    expect(approvals.take(token, use(), 'void')?.approver).toEqual(jorge);
    expect(approvals.take(token, use(), 'void')).toBeUndefined();
  });

  it('without a target serves the routes without one only (issuing, the day\'s Z)', () => {
    const approvals = new Approvals(clock);
    const { token } = approvals.grant(use({ target: undefined }), 'discount', jorge);
    expect(approvals.take(token, use(), 'discount')).toBeUndefined();
    expect(approvals.take(token, use({ target: undefined }), 'discount')).toBeDefined();
  });
});

describe("the role gate's onResponse", () => {
  const approvals = new Approvals(clock);
  const app = Fastify();
  let token = '';
  app.addHook('preHandler', async (request) => {
    request.approvalTaken = approvals.take(token, use(), 'void');
  });
  app.addHook('onResponse', async (request, reply) => returnUnusedApproval(request, reply));
  app.post('/refused', async (_request, reply) => reply.code(422).send({ refused: true }));
  app.post('/broken', async () => {
    throw new Error('the disk is full, after the credit note was signed');
  });
  app.post('/done', async () => ({ done: true }));
  afterAll(() => app.close());

  const fresh = () => {
    token = approvals.grant(use(), 'void', jorge).token;
  };
  const usable = () => {
    const taken = approvals.take(token, use(), 'void');
    taken?.restore();
    return taken !== undefined;
  };

  it('gives the approval back after a refusal (4xx): the corrected request may use it', async () => {
    fresh();
    expect((await app.inject({ method: 'POST', url: '/refused' })).statusCode).toBe(422);
    expect(usable()).toBe(true);
  });

  it('spends it after a server error (5xx), as after a success', async () => {
    fresh();
    expect((await app.inject({ method: 'POST', url: '/broken' })).statusCode).toBe(500);
    expect(usable()).toBe(false);
    fresh();
    expect((await app.inject({ method: 'POST', url: '/done' })).statusCode).toBe(200);
    expect(usable()).toBe(false);
  });
});
