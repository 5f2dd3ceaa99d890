/**
 * The account: plans, the account itself, period usage and the quota gate, the fiscal-archive toggle.
 * The clock is injected: each usage test moves it to a month of its own, and documents are inserted in
 * the order of their creation time, as the issuing path does (documents are never deleted).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedOrganization, startTestServer, type SeededOrganization, type TestServer } from './harness.ts';
import { localAccount, updateAccount } from '../../src/store/accounts.ts';
import { documents } from '../../src/store/schema.ts';
import { priceList } from '../../src/billing/price-list.ts';
import { checkQuota, PACK_URL, UPGRADE_URL } from '../../src/billing/quota.ts';
import { ApiError } from '../../src/api/errors.ts';
import { errorBody } from '../../src/api/plugins/errors.ts';

let now = new Date('2026-03-15T18:00:00Z');
let t: TestServer;
let org: SeededOrganization;

const db = () => t.server.core.store.db;
const accountId = () => localAccount(db(), now).id;

function setAccount(changes: { plan?: string; status?: string; archiveEnabled?: boolean }): void {
  updateAccount(db(), accountId(), changes, now);
}

let sequence = 0;
/** A document row as the issuing path leaves it; only what usage reads matters here. */
function insertDocument(organizationId: number, fields: { type?: string; environment?: string; status?: string; createdAt?: string } = {}): void {
  const n = String(++sequence).padStart(10, '0');
  const at = fields.createdAt ?? now.toISOString();
  db().insert(documents).values({
    organizationId,
    environment: fields.environment ?? 'production',
    documentType: fields.type ?? '01',
    clave: `50615032600310112345600100001${fields.type ?? '01'}${n}19`.padEnd(50, '0').slice(0, 50),
    consecutive: `00100001${fields.type ?? '01'}${n}`,
    situation: '1',
    status: fields.status ?? 'accepted',
    currency: 'CRC',
    netAmount: '1000',
    taxAmount: '130',
    totalAmount: '1130',
    signedXml: Buffer.from('<x/>'),
    transactionId: randomUUID(),
    issuedAt: at,
    createdAt: at,
    updatedAt: at,
  }).run();
}

beforeAll(async () => {
  t = await startTestServer({ clock: { now: () => new Date(now) } });
  org = seedOrganization(t);
});
afterAll(async () => t.close());
beforeEach(() => {
  setAccount({ plan: 'sandbox', status: 'sandbox', archiveEnabled: false });
});

describe('GET /plans', () => {
  it('serves the shipped price list without a key', async () => {
    const res = await t.call('GET', '/plans');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(priceList());
    expect(res.body.data).toMatchObject({ currency: 'USD', iva_rate: 13 });
    for (const plan of res.body.data.plans) {
      expect(Object.keys(plan).sort()).toEqual(['active_org_cents', 'archive_included', 'code', 'included_docs', 'live_allowed', 'max_organizations', 'monthly_price_cents', 'name', 'yearly_price_cents']);
    }
  });

  it('answers the same to any key', async () => {
    expect((await t.call('GET', '/plans', { key: org.key })).body.data).toEqual(priceList());
  });
});

describe('GET /account', () => {
  it('shows the account in sandbox until the administrator sets a plan', async () => {
    const res = await t.call('GET', '/account', { key: t.accountKey });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: accountId(), name: 'Local account', billing_email: null, plan: 'sandbox', status: 'sandbox', archive_enabled: false, created_at: expect.any(String) });
    setAccount({ plan: 'business', status: 'active' });
    expect((await t.call('GET', '/account', { key: t.accountKey })).body.data).toMatchObject({ plan: 'business', status: 'active' });
  });

  it.each(['/account', '/account/usage'])('GET %s needs an account key with account:manage', async (path) => {
    expect((await t.call('GET', path, { key: org.key })).body.error.code).toBe('account_key_required');
    expect((await t.call('GET', path)).body.error.code).toBe('unauthenticated');
  });
});

const usage = async () => (await t.call('GET', '/account/usage', { key: t.accountKey })).body.data;

describe('GET /account/usage', () => {
  it('counts the production documents of the Costa Rican calendar month: 1 per document, 0.5 per receiver message', async () => {
    now = new Date('2026-03-15T18:00:00Z');
    setAccount({ plan: 'business', status: 'active' });
    const other = seedOrganization(t, { identificationNumber: '3101000002' });
    const stagingOnly = seedOrganization(t, { identificationNumber: '3101000003' });
    insertDocument(org.row.id, { createdAt: '2026-03-01T05:59:59.999Z' }); // 28 Feb 23:59 in Costa Rica
    insertDocument(org.row.id, { createdAt: '2026-03-01T06:00:00.000Z' }); // 1 Mar 00:00 in Costa Rica
    for (const type of ['01', '02', '03', '04', '08', '09', '10']) insertDocument(org.row.id, { type });
    insertDocument(other.row.id, { type: '05' });
    insertDocument(other.row.id, { type: '07' });
    insertDocument(stagingOnly.row.id, { environment: 'staging' }); // test keys use no quota
    const res = await t.call('GET', '/account/usage', { key: t.accountKey });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      plan: 'business',
      status: 'active',
      period_start: '2026-03-01T00:00:00-06:00',
      period_end: '2026-04-01T00:00:00-06:00',
      included_docs: 2000,
      used: 9,
      remaining: 1991,
      pack_remaining: 0,
      in_flight: 0,
      active_organizations: 2,
    });
    insertDocument(org.row.id, { createdAt: '2026-04-01T06:00:00.000Z' }); // 1 Apr 00:00: the next period
    expect(await usage()).toMatchObject({ used: 9, active_organizations: 2 });
  });

  it('reports production documents awaiting a verdict as in flight, and they already use quota', async () => {
    now = new Date('2026-05-15T18:00:00Z');
    setAccount({ plan: 'starter', status: 'active' });
    const before = (await usage()).in_flight;
    insertDocument(org.row.id, { status: 'queued', createdAt: '2026-04-27T12:00:00Z' }); // last period, still waiting
    for (const status of ['processing', 'sent', 'queued', 'accepted', 'rejected']) insertDocument(org.row.id, { status });
    insertDocument(org.row.id, { status: 'queued', environment: 'staging' });
    expect(await usage()).toMatchObject({ in_flight: before + 4, used: 5, remaining: 195 });
  });

  it('never reports a negative remainder', async () => {
    now = new Date('2026-06-15T18:00:00Z');
    setAccount({ plan: 'sandbox', status: 'active' });
    insertDocument(org.row.id);
    expect(await usage()).toMatchObject({ included_docs: 0, used: 1, remaining: 0 });
  });

  it('follows new documents, survives a restart and starts from zero in a new month', async () => {
    now = new Date('2026-07-10T18:00:00Z');
    setAccount({ plan: 'business', status: 'active' });
    insertDocument(org.row.id);
    expect((await usage()).used).toBe(1);
    insertDocument(org.row.id);
    insertDocument(org.row.id, { type: '06' });
    expect((await usage()).used).toBe(2.5);
    await t.restart();
    expect((await usage()).used).toBe(2.5);
    now = new Date('2026-08-01T06:00:00Z'); // 1 Aug 00:00 in Costa Rica
    expect(await usage()).toMatchObject({ used: 0, active_organizations: 0, period_start: '2026-08-01T00:00:00-06:00' });
  });
});

describe('checkQuota (the gate of production submissions)', () => {
  function quotaError(units?: number): ApiError | undefined {
    try {
      checkQuota(t.server.core, accountId(), units);
      return undefined;
    } catch (error) {
      return error as ApiError;
    }
  }

  it('lets a submission through while units remain, then answers 402 quota_exceeded with the links and the usage', async () => {
    now = new Date('2026-09-15T18:00:00Z');
    setAccount({ plan: 'starter', status: 'active' });
    for (let i = 0; i < 199; i++) insertDocument(org.row.id);
    insertDocument(org.row.id, { type: '06' });
    expect(quotaError()).toBeInstanceOf(ApiError); // 0.5 left: not enough for a document
    expect(quotaError(0.5)).toBeUndefined(); // enough for a receiver message
    insertDocument(org.row.id, { type: '05' });
    const error = quotaError(0.5)!;
    expect(error).toMatchObject({ code: 'quota_exceeded', status: 402 });
    const body = errorBody(error) as { message: string; error: Record<string, unknown> };
    expect(body.error).toMatchObject({ code: 'quota_exceeded', upgrade_url: UPGRADE_URL, pack_url: PACK_URL, usage: { plan: 'starter', used: 200, remaining: 0, included_docs: 200 } });
    expect(body.message).toBe(body.error['message']);
    expect(await usage()).toEqual(body.error['usage']);
  });

  it('counts only the current period', () => {
    now = new Date('2026-10-15T18:00:00Z'); // September's 200 units are behind
    setAccount({ plan: 'starter', status: 'active' });
    expect(quotaError()).toBeUndefined();
  });
});

describe('POST /account/archive', () => {
  const toggle = (enabled: unknown) => t.call('POST', '/account/archive', { key: t.accountKey, body: { enabled } });

  it('enables and disables the archive on a plan that includes it', async () => {
    setAccount({ plan: 'business', status: 'active' });
    const on = await toggle(true);
    expect(on.status).toBe(200);
    expect(on.body.message).toBe('Archivo fiscal activado.');
    expect(on.body.data).toMatchObject({ id: accountId(), plan: 'business', archive_enabled: true });
    expect((await t.call('GET', '/account', { key: t.accountKey })).body.data.archive_enabled).toBe(true);
    const off = await toggle(false);
    expect(off.body).toMatchObject({ message: 'Archivo fiscal desactivado.', data: { archive_enabled: false } });
  });

  it.each([
    ['sandbox', 'sandbox', 'plan_required'],
    ['business', 'sandbox', 'plan_required'],
    ['starter', 'active', 'plan_required'],
    ['business', 'canceled', 'subscription_expired'],
  ])('refuses to enable it on plan %s with status %s: 402 %s', async (plan, status, code) => {
    setAccount({ plan, status });
    const res = await toggle(true);
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe(code);
    expect(res.body.message).toBe(res.body.error.message);
    expect((await t.call('GET', '/account', { key: t.accountKey })).body.data.archive_enabled).toBe(false);
  });

  it('always allows disabling it', async () => {
    setAccount({ plan: 'starter', status: 'canceled', archiveEnabled: true });
    const res = await toggle(false);
    expect(res.status).toBe(200);
    expect(res.body.data.archive_enabled).toBe(false);
  });

  it.each([[undefined], ['yes'], [[]], [{}]])('answers 422 validation_error for enabled = %j', async (enabled) => {
    const res = await toggle(enabled);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_error');
    expect(Object.keys(res.body.error.errors)).toEqual(['enabled']);
  });

  it('needs an account key', async () => {
    const res = await t.call('POST', '/account/archive', { key: org.key, body: { enabled: true } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('account_key_required');
  });
});
