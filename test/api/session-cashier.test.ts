/**
 * The session's cashier (docs/tills.md, "Who is who", "PINs", "Inactivity"): once an organization has a
 * cashier, the screens' session needs one signed in with a PIN; wrong PINs count down and lock; an idle
 * cashier is signed out by the server's clock; the role narrows what the session may do, and a
 * supervisor's single-use approval lets a cashier do one such thing, recorded on the document. Bearer keys
 * are unaffected. A real server, a real browser session (cookie and CSRF header), real sqlite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveCertificate, seedOrganization, startTestServer, type SeededOrganization, type TestServer } from './harness.ts';
import { portOf, rawRequest, type RawReply } from '../helpers/raw-http.ts';
import { exampleRequest, type Body } from '../fixtures/example-requests.ts';
import type { Clock } from '../../src/domain/clock.ts';
import { ORGANIZATION_ABILITIES } from '../../src/api/abilities.ts';

const CSRF = { 'x-facturador-csrf': '1' };
const JSON_TYPE = { 'content-type': 'application/json' };
const MINUTE = 60_000;

let t: TestServer;
let org: SeededOrganization;
let offset = 0;
const clock: Clock = { now: () => new Date(Date.now() + offset) };
const cashiers: Record<'owner' | 'supervisor' | 'ana' | 'luis' | 'pedro', { id: number; pin: string }> = {} as never;

async function signInBrowser(): Promise<string> {
  const login = await rawRequest(portOf(t.url), { method: 'POST', path: '/login', headers: { ...JSON_TYPE, ...CSRF }, body: JSON.stringify({ token: t.server.app.browserSessions.issueLoginToken() }) });
  expect(login.status).toBe(204);
  return String(login.headers['set-cookie']?.[0]).split(';')[0]!;
}

/** A request of the browser session `cookie` (English messages unless asked otherwise). */
function as(cookie: string) {
  return (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<RawReply> => rawRequest(portOf(t.url), {
    method,
    path: `/api/v1${path}`,
    headers: { cookie, 'accept-language': 'en', ...(method === 'GET' ? {} : CSRF), ...(body === undefined ? {} : JSON_TYPE), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const bearer = (method: string, path: string, body?: unknown) => t.call(method, path, { key: org.key, body, headers: { 'accept-language': 'en' } });

/** An example request dated a minute before the server's clock. */
const example = (name: string): Body => exampleRequest(name, new Date(clock.now().getTime() - MINUTE));
function ticket(discount?: number): Body {
  const body = example('04-tiquete');
  if (discount !== undefined) body['items'][0].discount = { amount: discount, code: '07', reason: 'Cliente frecuente' };
  return body;
}

async function signInCashier(session: ReturnType<typeof as>, who: { id: number; pin: string }) {
  const res = await session('POST', '/session/cashier', { cashier_id: who.id, pin: who.pin });
  expect(res.status, res.text).toBe(200);
  return res.body.data.cashier;
}

beforeAll(async () => {
  t = await startTestServer({ clock });
  org = seedOrganization(t);
  await giveCertificate(t, org);
});
afterAll(() => t.close());

describe('before the organization has cashiers', () => {
  it('the session acts as the owner, without a PIN', async () => {
    const session = as(await signInBrowser());
    expect((await session('GET', '/organizations/me')).status).toBe(200);
    const state = await session('GET', '/session/cashier');
    expect(state.status).toBe(200);
    expect(state.body.data).toEqual({ cashier: null, lock_after_minutes: 5, required: false });
    // The owner's session creates the first cashier, an owner; from then on the session needs its PIN.
    const owner = await session('POST', '/cashiers', { name: 'Doña Marta', pin: '482193', role: 'owner' });
    expect(owner.status, owner.text).toBe(201);
    cashiers.owner = { id: owner.body.data.id, pin: '482193' };
    expect((await session('POST', '/cashiers', { name: 'Jorge', pin: '5151', role: 'supervisor' })).body.error.code).toBe('cashier_required');
    await signInCashier(session, cashiers.owner);
    for (const [name, pin, role, as_] of [['Jorge', '5151', 'supervisor', 'supervisor'], ['Ana', '1111', 'cashier', 'ana'], ['Luis', '2222', 'cashier', 'luis'], ['Pedro', '3333', 'cashier', 'pedro']] as const) {
      const created = await session('POST', '/cashiers', { name, pin, role });
      expect(created.status, created.text).toBe(201);
      cashiers[as_] = { id: created.body.data.id, pin };
    }
    expect((await session('GET', '/organizations/me')).status).toBe(200);
  });
});

describe('once it has cashiers', () => {
  it('a session needs a cashier: 401 cashier_required, but on the PIN pad, /auth/me and /status', async () => {
    const cookie = await signInBrowser();
    const session = as(cookie);
    const refused = await session('GET', '/organizations/me');
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('cashier_required');
    const spanish = await session('GET', '/documents', undefined, { 'accept-language': 'es' });
    expect(spanish.body.error.message).toMatch(/^Ingrese su PIN/);
    expect((await session('POST', '/cashiers', { name: 'X', pin: '1234', role: 'owner' })).status).toBe(401);
    const pad = await session('GET', '/session/cashiers');
    expect(pad.status).toBe(200);
    expect(pad.body.data.map((c: { name: string }) => c.name)).toEqual(['Ana', 'Doña Marta', 'Jorge', 'Luis', 'Pedro']);
    expect(Object.keys(pad.body.data[0]).sort()).toEqual(['id', 'name', 'role']);
    expect((await session('GET', '/session/cashier')).body.data).toEqual({ cashier: null, lock_after_minutes: 5, required: true });
    expect((await session('GET', '/auth/me')).status).toBe(200);
    expect((await session('GET', '/status')).status).toBe(200);
  });

  it('bearer keys are unaffected, and have no PIN pad', async () => {
    expect((await bearer('GET', '/organizations/me')).status).toBe(200);
    expect((await bearer('GET', '/documents')).status).toBe(200);
    const issued = await bearer('POST', '/electronic-documents', example('03-nota-credito'));
    expect(issued.status, issued.text).toBe(201);
    for (const [method, path, body] of [['GET', '/session/cashier'], ['GET', '/session/cashiers'], ['POST', '/session/cashier', { cashier_id: cashiers.owner.id, pin: cashiers.owner.pin }], ['DELETE', '/session/cashier']] as const) {
      const res = await bearer(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.code).toBe('browser_session_required');
    }
    const view = await bearer('GET', `/electronic-documents/${issued.body.data.document_key}`);
    expect(view.body.data).toMatchObject({ cashier: null, approved_by: null });
  });

  it('a PIN signs a cashier in; a wrong one says how many tries are left; signing in again switches', async () => {
    const sessionCookie = await signInBrowser();
    const session = as(sessionCookie);
    const wrong = await session('POST', '/session/cashier', { cashier_id: cashiers.ana.id, pin: '9999' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatchObject({ code: 'pin_invalid', attempts_left: 4 });
    expect(wrong.text).not.toContain('9999');
    expect((await session('POST', '/session/cashier', { cashier_id: cashiers.ana.id, pin: '12' })).status).toBe(422);
    expect((await session('POST', '/session/cashier', { cashier_id: 999999, pin: '1234' })).status).toBe(404);
    for (const body of [{}, { cashier_id: '1', pin: '1234' }, { cashier_id: 1e300, pin: '1234' }, { cashier_id: 1, pin: null }, [], 'x', { cashier_id: cashiers.ana.id, pin: '1111', role: 'owner' }]) {
      const res = await session('POST', '/session/cashier', body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
    }
    const garbled = await rawRequest(portOf(t.url), { method: 'POST', path: '/api/v1/session/cashier', headers: { cookie: sessionCookie, ...CSRF, ...JSON_TYPE }, body: '{"cashier_id":' });
    expect(garbled.status).toBe(400);
    const ana = await signInCashier(session, cashiers.ana);
    expect(ana).toEqual({ id: cashiers.ana.id, name: 'Ana', role: 'cashier' });
    expect((await session('GET', '/documents')).status).toBe(200);
    expect((await session('GET', '/session/cashier')).body.data).toMatchObject({ cashier: { name: 'Ana' }, required: true });
    await signInCashier(session, cashiers.luis);
    expect((await session('GET', '/session/cashier')).body.data.cashier).toMatchObject({ name: 'Luis', role: 'cashier' });
    // A right PIN reset Ana's count: four more wrong ones do not lock her.
    for (let i = 0; i < 4; i++) expect((await session('POST', '/session/cashier', { cashier_id: cashiers.ana.id, pin: '0000' })).status).toBe(401);
    await signInCashier(session, cashiers.ana);
  });

  it('five wrong PINs in a row lock the cashier for five minutes (423, Retry-After); a new PIN unlocks', async () => {
    const session = as(await signInBrowser());
    const tries: RawReply[] = [];
    for (let i = 0; i < 5; i++) tries.push(await session('POST', '/session/cashier', { cashier_id: cashiers.pedro.id, pin: '0000' }));
    expect(tries.slice(0, 4).map((r) => r.body.error.attempts_left)).toEqual([4, 3, 2, 1]);
    expect(tries[4]!.status).toBe(423);
    expect(tries[4]!.body.error.code).toBe('cashier_locked');
    expect(tries[4]!.headers['retry-after']).toBe('300');
    // Even the right PIN waits now.
    const locked = await session('POST', '/session/cashier', { cashier_id: cashiers.pedro.id, pin: cashiers.pedro.pin });
    expect(locked.status).toBe(423);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await bearer('GET', `/cashiers/${cashiers.pedro.id}`)).body.data.locked_until).not.toBeNull();
    offset += 5 * MINUTE + 1000;
    await signInCashier(session, cashiers.pedro);
    // Locked again, then the owner gives a new PIN: unlocked at once.
    for (let i = 0; i < 5; i++) await session('POST', '/session/cashier', { cashier_id: cashiers.pedro.id, pin: '0000' });
    expect((await session('POST', '/session/cashier', { cashier_id: cashiers.pedro.id, pin: cashiers.pedro.pin })).status).toBe(423);
    expect((await bearer('PUT', `/cashiers/${cashiers.pedro.id}`, { pin: '4444' })).body.data.locked_until).toBeNull();
    cashiers.pedro.pin = '4444';
    await signInCashier(session, cashiers.pedro);
  });

  it('an idle cashier is signed out after lock_after_minutes by the server clock; DELETE locks now', async () => {
    const session = as(await signInBrowser());
    await signInCashier(session, cashiers.ana);
    offset += 4 * MINUTE;
    expect((await session('GET', '/documents')).status).toBe(200);
    offset += 4 * MINUTE; // 8 minutes after signing in, 4 after the last request
    expect((await session('GET', '/documents')).status).toBe(200);
    offset += 5 * MINUTE;
    const idle = await session('GET', '/documents');
    expect(idle.status).toBe(401);
    expect(idle.body.error.code).toBe('cashier_required');
    expect((await session('GET', '/session/cashier')).body.data.cashier).toBeNull();
    await signInCashier(session, cashiers.ana);
    expect((await session('DELETE', '/session/cashier')).status).toBe(204);
    expect((await session('GET', '/documents')).status).toBe(401);
    // 0 = never: a shop that turns the lock off.
    await signInCashier(session, cashiers.ana);
    t.server.core.store.db.$client.prepare("INSERT INTO till_settings (organization_id, lock_after_minutes, discount_limit_percent, updated_at) VALUES (?, 0, '10', ?) ON CONFLICT (organization_id) DO UPDATE SET lock_after_minutes = 0").run(org.row.id, new Date().toISOString());
    offset += 60 * MINUTE;
    expect((await session('GET', '/documents')).status).toBe(200);
    t.server.core.store.db.$client.prepare('DELETE FROM till_settings WHERE organization_id = ?').run(org.row.id);
  });
});

describe("the cashier's role", () => {
  let ana: ReturnType<typeof as>;
  let supervisor: ReturnType<typeof as>;
  let anaCookie: string;
  beforeAll(async () => {
    anaCookie = await signInBrowser();
    ana = as(anaCookie);
    await signInCashier(ana, cashiers.ana);
    supervisor = as(await signInBrowser());
    await signInCashier(supervisor, cashiers.supervisor);
  });

  it('lets a cashier issue tickets and invoices, and refuses voids, notes and management (403 role_forbidden)', async () => {
    expect((await ana('POST', '/electronic-documents', ticket())).status).toBe(201);
    expect((await ana('POST', '/electronic-documents', example('01-factura'))).status).toBe(201);
    const voiding = await ana('POST', '/documents/50601000000000000000000000000000000000000000000001/void', {});
    expect(voiding.status).toBe(403);
    expect(voiding.body.error).toMatchObject({ code: 'role_forbidden', action: 'void', required_role: 'supervisor', role: 'cashier' });
    const spanish = await ana('POST', '/documents/1/void', {}, { 'accept-language': 'es' });
    expect(spanish.body.error.message).toBe('Esto lo autoriza un supervisor (void): pida su aprobación.');
    const note = await ana('POST', '/electronic-documents', example('03-nota-credito'));
    expect(note.body.error).toMatchObject({ code: 'role_forbidden', action: 'credit_note', required_role: 'supervisor' });
    expect((await ana('POST', '/electronic-documents', example('02-nota-debito'))).body.error.action).toBe('debit_note');
    for (const [method, path, body] of [['POST', '/cashiers', { name: 'X', pin: '1234', role: 'owner' }], ['PUT', '/organizations/me', { phone: '22223333' }], ['GET', '/webhooks'], ['POST', '/electronic-documents', example('08-factura-compra')]] as const) {
      const res = await ana(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'role_forbidden', required_role: 'owner' });
    }
    // Nor may a cashier step into another organization (one without cashiers would make it the owner).
    const org2 = t.server.core.store.db.$client.prepare('SELECT uuid FROM organizations WHERE id = ?').get(org.row.id) as { uuid: string };
    const leave = await rawRequest(portOf(t.url), { method: 'POST', path: '/session/organization', headers: { cookie: anaCookie, ...CSRF, ...JSON_TYPE }, body: JSON.stringify({ organization_id: org2.uuid }) });
    expect(leave.status).toBe(403);
    expect(leave.body.error).toMatchObject({ code: 'role_forbidden', required_role: 'owner' });
    // Reading is the counter's.
    for (const path of ['/documents', '/organizations/me', '/products', '/recipients']) expect((await ana('GET', path)).status, path).toBe(200);
    // The supervisor issues notes, not settings.
    expect((await supervisor('POST', '/electronic-documents', example('03-nota-credito'))).status).toBe(201);
    expect((await supervisor('PUT', '/organizations/me', { phone: '22223333' })).body.error.required_role).toBe('owner');
  });

  it("lets a supervisor's approval do it once, and the note records both", async () => {
    const note = example('03-nota-credito');
    // The refusal names the note it refused: the digest of its body, which the approval is asked for.
    const refused = await ana('POST', '/electronic-documents', note);
    expect(refused.body.error).toMatchObject({ code: 'role_forbidden', action: 'credit_note', approvable: true });
    const target = refused.body.error.target as string;
    expect(target).toMatch(/^[0-9a-f]{64}$/);
    const approve = (body: Record<string, unknown>) => ana('POST', '/session/approvals', { target, ...body });
    expect((await approve({ cashier_id: cashiers.luis.id, pin: cashiers.luis.pin, action: 'credit_note' })).status).toBe(403);
    expect((await approve({ cashier_id: cashiers.supervisor.id, pin: cashiers.supervisor.pin, action: 'everything' })).status).toBe(422);
    const wrong = await approve({ cashier_id: cashiers.supervisor.id, pin: '0000', action: 'credit_note' });
    expect(wrong.body.error).toMatchObject({ code: 'pin_invalid', attempts_left: 4 });
    const approved = await approve({ cashier_id: cashiers.supervisor.id, pin: cashiers.supervisor.pin, action: 'credit_note' });
    expect(approved.status, approved.text).toBe(201);
    expect(approved.body.data).toMatchObject({ approved_by: { id: cashiers.supervisor.id, name: 'Jorge', role: 'supervisor' } });
    expect(Date.parse(approved.body.data.expires_at) - clock.now().getTime()).toBeLessThanOrEqual(2 * MINUTE);
    const token = { 'x-facturador-approval': approved.body.data.approval };
    // Not another session's, not another action's, not another note's.
    expect((await supervisor('POST', '/electronic-documents', example('03-nota-credito'), token)).status).toBe(201); // the supervisor needs none
    const otherSession = as(await signInBrowser());
    await signInCashier(otherSession, cashiers.luis);
    expect((await otherSession('POST', '/electronic-documents', note, token)).status).toBe(403);
    expect((await ana('POST', '/electronic-documents', example('02-nota-debito'), token)).status).toBe(403);
    const bigger = structuredClone(note);
    bigger['items'][0].quantity = 50;
    const other = await ana('POST', '/electronic-documents', bigger, token);
    expect(other.body.error).toMatchObject({ code: 'role_forbidden', action: 'credit_note' });
    expect(other.body.error.target).not.toBe(target);
    // A request refused past the gate does not spend its approval: the same body sent again takes it again.
    const broken = structuredClone(note);
    broken['items'][0].quantity = 'many';
    const brokenTarget = (await ana('POST', '/electronic-documents', broken)).body.error.target as string;
    const forBroken = { 'x-facturador-approval': (await approve({ cashier_id: cashiers.supervisor.id, pin: cashiers.supervisor.pin, action: 'credit_note', target: brokenTarget })).body.data.approval };
    expect((await ana('POST', '/electronic-documents', broken, forBroken)).status).toBe(422);
    expect((await ana('POST', '/electronic-documents', broken, forBroken)).status).toBe(422);
    // Corrected, it is another document: that approval is no good for it.
    expect((await ana('POST', '/electronic-documents', note, forBroken)).status).toBe(403);
    const issued = await ana('POST', '/electronic-documents', note, token);
    expect(issued.status, issued.text).toBe(201);
    const again = await ana('POST', '/electronic-documents', note, token);
    expect(again.body.error.code).toBe('role_forbidden');
    const view = await ana('GET', `/electronic-documents/${issued.body.data.document_key}`);
    expect(view.body.data).toMatchObject({ cashier: { id: cashiers.ana.id, name: 'Ana' }, approved_by: { id: cashiers.supervisor.id, name: 'Jorge' } });
    const row = t.server.core.store.db.$client.prepare('SELECT cashier_id, approved_by FROM documents WHERE clave = ?').get(issued.body.data.document_key);
    expect(row).toEqual({ cashier_id: cashiers.ana.id, approved_by: cashiers.supervisor.id });
  });

  it('an approval lasts two minutes', async () => {
    const approved = await ana('POST', '/session/approvals', { cashier_id: cashiers.supervisor.id, pin: cashiers.supervisor.pin, action: 'void' });
    offset += 2 * MINUTE + 1000;
    const late = await ana('POST', '/documents/1/void', {}, { 'x-facturador-approval': approved.body.data.approval });
    expect(late.body.error.code).toBe('role_forbidden');
  });

  it('refuses a discount over the limit, then takes it with an approval', async () => {
    expect((await ana('POST', '/electronic-documents', ticket(300))).status).toBe(201); // 6.7 % of ₡4,500
    const over = await ana('POST', '/electronic-documents', ticket(1000)); // 22 %
    expect(over.status).toBe(403);
    expect(over.body.error).toMatchObject({ code: 'role_forbidden', action: 'discount', required_role: 'supervisor' });
    expect((await supervisor('POST', '/electronic-documents', ticket(1000))).status).toBe(201);
    const sale = ticket(1000);
    const target = (await ana('POST', '/electronic-documents', sale)).body.error.target as string;
    const approved = await ana('POST', '/session/approvals', { cashier_id: cashiers.owner.id, pin: cashiers.owner.pin, action: 'discount', target });
    expect(approved.status).toBe(201);
    const token = { 'x-facturador-approval': approved.body.data.approval };
    // Approved for 22 %, it does not give the whole ticket away, nor serve without the target it was asked for.
    const whole = structuredClone(sale);
    whole['items'][0].discount.amount = 4500;
    expect((await ana('POST', '/electronic-documents', whole, token)).body.error).toMatchObject({ code: 'role_forbidden', action: 'discount' });
    const untargeted = await ana('POST', '/session/approvals', { cashier_id: cashiers.owner.id, pin: cashiers.owner.pin, action: 'discount' });
    expect((await ana('POST', '/electronic-documents', sale, { 'x-facturador-approval': untargeted.body.data.approval })).status).toBe(403);
    const issued = await ana('POST', '/electronic-documents', sale, token);
    expect(issued.status, issued.text).toBe(201);
    const view = await ana('GET', `/electronic-documents/${issued.body.data.document_key}`);
    expect(view.body.data.approved_by).toEqual({ id: cashiers.owner.id, name: 'Doña Marta' });
  });

  it('lists documents by cashier, each naming its cashier', async () => {
    const mine = await ana('GET', `/documents?cashier_id=${cashiers.ana.id}&per_page=100`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.length).toBeGreaterThanOrEqual(5);
    expect(mine.body.data.every((d: { cashier: { id: number; name: string } }) => d.cashier.id === cashiers.ana.id && d.cashier.name === 'Ana')).toBe(true);
    const jorge = await bearer('GET', `/documents?cashier_id=${cashiers.supervisor.id}`);
    expect(jorge.body.data.map((d: { cashier: { name: string } }) => d.cashier.name)).toEqual(['Jorge', 'Jorge', 'Jorge']);
    expect((await bearer('GET', '/documents?cashier_id=0')).status).toBe(400);
    expect((await bearer('GET', '/documents?cashier_id=424242')).body.data).toEqual([]);
    const all = await bearer('GET', '/documents?per_page=100');
    expect(all.body.data.some((d: { cashier: unknown }) => d.cashier === null)).toBe(true);
  });
});

describe('what the review found (docs/tills.md)', () => {
  let ana: ReturnType<typeof as>;
  let anaCookie: string;
  let supervisor: ReturnType<typeof as>;
  let owner: ReturnType<typeof as>;
  beforeAll(async () => {
    anaCookie = await signInBrowser();
    ana = as(anaCookie);
    await signInCashier(ana, cashiers.ana);
    supervisor = as(await signInBrowser());
    await signInCashier(supervisor, cashiers.supervisor);
    owner = as(await signInBrowser());
    await signInCashier(owner, cashiers.owner);
  });

  it('counts PIN tries sent at once before hashing them: four wrong ones answered, then locked, the right PIN refused too', async () => {
    const rosa = await bearer('POST', '/cashiers', { name: 'Rosa', pin: '7777', role: 'cashier' });
    expect(rosa.status, rosa.text).toBe(201);
    const session = as(await signInBrowser());
    const tries = await Promise.all(Array.from({ length: 12 }, () => session('POST', '/session/cashier', { cashier_id: rosa.body.data.id, pin: '0000' })));
    const wrong = tries.filter((r) => r.status === 401);
    // Only the first five tries were checked: four said how many were left, the fifth locked; the others
    // were refused without hashing (counted at once, they could not all pass while the first were hashed).
    expect(wrong.map((r) => r.body.error.attempts_left).sort()).toEqual([1, 2, 3, 4]);
    expect(tries.filter((r) => r.status === 423)).toHaveLength(8);
    expect(tries.every((r) => r.status === 401 || (r.status === 423 && r.body.error.code === 'cashier_locked'))).toBe(true);
    const right = await session('POST', '/session/cashier', { cashier_id: rosa.body.data.id, pin: '7777' });
    expect(right.status).toBe(423);
    const row = t.server.core.store.db.$client.prepare('SELECT locked_until FROM cashiers WHERE id = ?').get(rosa.body.data.id) as { locked_until: string | null };
    expect(Date.parse(row.locked_until!)).toBeGreaterThan(clock.now().getTime());
  });

  it('keeps the account routes (backups, keys, the account) the owner\'s: a cashier or a supervisor cannot even read them', async () => {
    const backup = await owner('POST', '/backups');
    expect(backup.status, backup.text).toBe(201);
    const name = backup.body.data.name as string;
    for (const path of [`/backups/${encodeURIComponent(name)}/file`, '/backups', '/api-keys', '/account', '/account/usage', '/organizations']) {
      for (const [who, session] of [['ana', ana], ['supervisor', supervisor]] as const) {
        const res = await session('GET', path);
        expect(res.status, `${who} ${path}`).toBe(403);
        expect(res.body.error).toMatchObject({ code: 'role_forbidden', action: 'manage', required_role: 'owner' });
        expect(res.body.error).not.toHaveProperty('approvable');
      }
    }
    const file = await owner('GET', `/backups/${encodeURIComponent(name)}/file`);
    expect(file.status).toBe(200);
    expect((await owner('GET', '/api-keys')).status).toBe(200);
    expect((await ana('GET', '/auth/me')).status).toBe(200);
  });

  it("gives a cashier the settings the counter reads, not the mailbox's, SMTP's or the counters'", async () => {
    for (const path of ['/organizations/me', '/company', '/organizations/me/certificate', '/organizations/me/branding', '/settings/till']) {
      expect((await ana('GET', path)).status, path).toBe(200);
    }
    for (const path of ['/settings/smtp', '/settings/mailbox', '/settings/received-folder', '/settings/received-digest', '/organizations/me/consecutives']) {
      const res = await ana('GET', path);
      expect(res.status, path).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'role_forbidden', required_role: 'owner' });
    }
    expect((await owner('GET', '/settings/smtp')).status).toBe(200);
  });

  it('binds an approval to the target the refusal named and to the cashier it was asked for', async () => {
    const keyA = '50601000000000000000000000000000000000000000000011';
    const keyB = '50601000000000000000000000000000000000000000000022';
    const refused = await ana('POST', `/documents/${keyA}/void`, {});
    expect(refused.body.error).toMatchObject({ code: 'role_forbidden', action: 'void', approvable: true, target: keyA });
    const approve = (target?: string) => ana('POST', '/session/approvals', { cashier_id: cashiers.supervisor.id, pin: cashiers.supervisor.pin, action: 'void', ...(target ? { target } : {}) });
    const forA = { 'x-facturador-approval': (await approve(keyA)).body.data.approval };
    // Not another ticket's void.
    expect((await ana('POST', `/documents/${keyB}/void`, {}, forA)).status).toBe(403);
    // Not another cashier's who signs in on the same screen.
    await signInCashier(ana, cashiers.luis);
    expect((await ana('POST', `/documents/${keyA}/void`, {}, forA)).status).toBe(403);
    await signInCashier(ana, cashiers.ana);
    // Ana, on ticket A: past the role gate (the ticket does not exist: 404, and the approval is given back).
    const used = await ana('POST', `/documents/${keyA}/void`, {}, forA);
    expect(used.status, used.text).toBe(404);
    expect((await ana('POST', `/documents/${keyA}/void`, {}, forA)).status).toBe(404);
    // An approval without a target is no good on a route that has one.
    const untargeted = { 'x-facturador-approval': (await approve()).body.data.approval };
    expect((await ana('POST', `/documents/${keyA}/void`, {}, untargeted)).status).toBe(403);
    // Refusals no supervisor can lift do not say approvable.
    const owners = await ana('POST', '/cashiers', { name: 'X', pin: '1234', role: 'owner' });
    expect(owners.body.error.required_role).toBe('owner');
    expect(owners.body.error).not.toHaveProperty('approvable');
  });

  it("binds an approval of the day's Z to the date it was asked for", async () => {
    await signInCashier(ana, cashiers.ana);
    const refused = await ana('GET', '/shifts/daily-report?date=2026-01-05');
    expect(refused.body.error).toMatchObject({ code: 'role_forbidden', action: 'other_shift', approvable: true, target: '2026-01-05' });
    const approved = await ana('POST', '/session/approvals', { cashier_id: cashiers.supervisor.id, pin: cashiers.supervisor.pin, action: 'other_shift', target: '2026-01-05' });
    const token = { 'x-facturador-approval': approved.body.data.approval };
    expect((await ana('GET', '/shifts/daily-report?date=2026-01-06', undefined, token)).status).toBe(403);
    const report = await ana('GET', '/shifts/daily-report?date=2026-01-05', undefined, token);
    expect(report.status, report.text).toBe(200);
    expect((await ana('GET', '/shifts/daily-report?date=2026-01-05', undefined, token)).status).toBe(403);
  });

  it('does not let background polls keep the cashier signed in (X-Facturador-Background)', async () => {
    const session = as(await signInBrowser());
    await signInCashier(session, cashiers.ana);
    const background = { 'x-facturador-background': '1' };
    offset += 3 * MINUTE;
    expect((await session('GET', '/documents?status=queued', undefined, background)).status).toBe(200);
    expect((await session('GET', '/hacienda/status', undefined, background)).status).toBe(200);
    offset += 3 * MINUTE; // 6 minutes after the last request of the cashier's own
    const idle = await session('GET', '/documents', undefined, background);
    expect([idle.status, idle.body.error?.code]).toEqual([401, 'cashier_required']);
    // A request of the cashier's own still counts.
    await signInCashier(session, cashiers.ana);
    offset += 3 * MINUTE;
    expect((await session('GET', '/documents')).status).toBe(200);
    offset += 3 * MINUTE;
    expect((await session('GET', '/documents')).status).toBe(200);
  });

  it('keeps no trace of a PIN or an approval token in the idempotency store', async () => {
    const session = as(await signInBrowser());
    const key = { 'x-idempotency-key': 'pin-pad-1' };
    expect((await session('POST', '/session/cashier', { cashier_id: cashiers.ana.id, pin: cashiers.ana.pin }, key)).status).toBe(200);
    expect((await session('POST', '/session/cashier', { cashier_id: cashiers.ana.id, pin: cashiers.ana.pin }, key)).headers['idempotent-replayed']).toBeUndefined();
    const approved = await session('POST', '/session/approvals', { cashier_id: cashiers.supervisor.id, pin: cashiers.supervisor.pin, action: 'void' }, { 'x-idempotency-key': 'approval-1' });
    expect(approved.status, approved.text).toBe(201);
    const again = await session('POST', '/session/approvals', { cashier_id: cashiers.supervisor.id, pin: cashiers.supervisor.pin, action: 'void' }, { 'x-idempotency-key': 'approval-1' });
    expect(again.body.data.approval).not.toBe(approved.body.data.approval);
    const rows = t.server.core.store.db.$client.prepare("SELECT count(*) AS n FROM idempotency_keys WHERE key IN ('pin-pad-1', 'approval-1')").get() as { n: number };
    expect(rows.n).toBe(0);
  });

  it("gives the session's internal key of an older version the abilities added since: the owner reads cashiers", async () => {
    const old = ORGANIZATION_ABILITIES.filter((a) => !/^(cashiers|shifts|printers):/.test(a));
    const db = t.server.core.store.db.$client;
    const written = db.prepare("UPDATE api_keys SET abilities = ? WHERE name = 'Browser session (internal)' AND organization_id = ?").run(JSON.stringify(old), org.row.id);
    expect(written.changes).toBeGreaterThan(0);
    await signInCashier(owner, cashiers.owner); // the clock moved on: idle by now
    const cashiersList = await owner('GET', '/cashiers');
    expect(cashiersList.status, cashiersList.text).toBe(200);
    expect((await owner('GET', '/printers')).status).toBe(200);
    const rows = db.prepare("SELECT abilities FROM api_keys WHERE name = 'Browser session (internal)' AND organization_id = ? AND revoked_at IS NULL").all(org.row.id) as { abilities: string }[];
    expect(rows.some((r) => (JSON.parse(r.abilities) as string[]).includes('cashiers:manage'))).toBe(true);
  });
});

describe('what the second review found (docs/tills.md)', () => {
  const wrongPin = (session: ReturnType<typeof as>, id: number) => session('POST', '/session/cashier', { cashier_id: id, pin: '0000' });
  async function newCashier(name: string, pin: string): Promise<{ id: number; pin: string }> {
    const created = await bearer('POST', '/cashiers', { name, pin, role: 'cashier' });
    expect(created.status, created.text).toBe(201);
    return { id: created.body.data.id, pin };
  }
  const failedAttempts = (id: number) => (t.server.core.store.db.$client.prepare('SELECT failed_attempts FROM cashiers WHERE id = ?').get(id) as { failed_attempts: number }).failed_attempts;

  it('locks longer each time (5, 10, 20 minutes … a day): a lock does not reset the count, a right PIN does', async () => {
    const gil = await newCashier('Gil', '8888');
    const session = as(await signInBrowser());
    const round = async () => {
      const tries: RawReply[] = [];
      for (let i = 0; i < 5; i++) tries.push(await wrongPin(session, gil.id));
      expect(tries.slice(0, 4).map((r) => r.body.error.attempts_left)).toEqual([4, 3, 2, 1]);
      expect(tries[4]!.body.error.code).toBe('cashier_locked');
      return Number(tries[4]!.headers['retry-after']);
    };
    expect(await round()).toBe(300);
    offset += 5 * MINUTE + 1000;
    expect(await round()).toBe(600);
    offset += 10 * MINUTE + 1000;
    expect(await round()).toBe(1200);
    expect(failedAttempts(gil.id)).toBe(15);
    offset += 20 * MINUTE + 1000;
    await signInCashier(session, gil);
    expect(failedAttempts(gil.id)).toBe(0);
    expect(await round()).toBe(300);
    // However long it goes on, a lock lasts a day at most.
    t.server.core.store.db.$client.prepare('UPDATE cashiers SET failed_attempts = 100 WHERE id = ?').run(gil.id);
    offset += 5 * MINUTE + 1000;
    expect(await round()).toBe(86_400);
    // A new PIN from the owner starts the count again.
    expect((await bearer('PUT', `/cashiers/${gil.id}`, { pin: '8889' })).body.data.locked_until).toBeNull();
    expect(failedAttempts(gil.id)).toBe(0);
  });

  it('throttles a screen trying PINs down the list: ten wrong ones a minute, then 429 pin_throttled', async () => {
    const eva = await newCashier('Eva', '5555');
    const raul = await newCashier('Raúl', '6666');
    const cookie = await signInBrowser();
    const session = as(cookie);
    for (const who of [eva, raul]) for (let i = 0; i < 5; i++) expect([401, 423]).toContain((await wrongPin(session, who.id)).status);
    const throttled = await session('POST', '/session/cashier', { cashier_id: cashiers.ana.id, pin: cashiers.ana.pin });
    expect(throttled.status).toBe(429);
    expect(throttled.body.error.code).toBe('pin_throttled');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(throttled.headers['retry-after'])).toBeLessThanOrEqual(60);
    const spanish = await session('POST', '/session/cashier', { cashier_id: cashiers.ana.id, pin: cashiers.ana.pin }, { 'accept-language': 'es' });
    expect(spanish.body.error.message).toMatch(/^Demasiados PIN incorrectos en esta pantalla: intente de nuevo en \d+ s\.$/);
    // Another screen is not held back; this one is after a minute.
    await signInCashier(as(await signInBrowser()), cashiers.ana);
    offset += MINUTE;
    await signInCashier(session, cashiers.ana);
  });

  it('keeps a session whose organization was deactivated from acting as the owner on the account routes, or leaving', async () => {
    const second = seedOrganization(t, { identificationNumber: '3101999888', name: 'Sucursal Dos' });
    const choose = (cookie: string) => rawRequest(portOf(t.url), { method: 'POST', path: '/session/organization', headers: { cookie, ...CSRF, ...JSON_TYPE }, body: JSON.stringify({ organization_id: second.uuid }) });
    const chosenBy = async (who: { id: number; pin: string }) => {
      const cookie = await signInBrowser();
      const session = as(cookie);
      await signInCashier(session, cashiers.owner);
      const chosen = await rawRequest(portOf(t.url), { method: 'POST', path: '/session/organization', headers: { cookie, ...CSRF, ...JSON_TYPE }, body: JSON.stringify({ organization_id: org.uuid }) });
      expect(chosen.status, chosen.text).toBe(204);
      await signInCashier(session, who);
      return { cookie, session };
    };
    const ana = await chosenBy(cashiers.ana);
    const owner = await chosenBy(cashiers.owner);
    const idle = await chosenBy(cashiers.ana);
    const db = t.server.core.store.db.$client;
    db.prepare('UPDATE organizations SET is_active = 0 WHERE id = ?').run(org.row.id);
    try {
      expect((await ana.session('GET', '/organizations/me')).body.error.code).toBe('tenant_inactive');
      // Ana is still Ana: not the owner of the keys, the backups or the account, and not free to pick an organization without cashiers.
      for (const path of ['/api-keys', '/backups', '/account']) {
        const res = await ana.session('GET', path);
        expect(res.status, path).toBe(403);
        expect(res.body.error).toMatchObject({ code: 'role_forbidden', required_role: 'owner', role: 'cashier' });
      }
      const leave = await choose(ana.cookie);
      expect(leave.status).toBe(403);
      expect(leave.body.error.code).toBe('role_forbidden');
      // With nobody signed in (idle), a PIN is needed, and there is none to give there.
      offset += 6 * MINUTE;
      expect((await idle.session('GET', '/api-keys')).body.error.code).toBe('cashier_required');
      expect((await choose(idle.cookie)).status).toBe(401);
      // The owner chooses another organization (signed in again, after the idle minutes).
      db.prepare('UPDATE organizations SET is_active = 1 WHERE id = ?').run(org.row.id);
      await signInCashier(owner.session, cashiers.owner);
      db.prepare('UPDATE organizations SET is_active = 0 WHERE id = ?').run(org.row.id);
      expect((await owner.session('GET', '/api-keys')).status).toBe(200);
      expect((await choose(owner.cookie)).status).toBe(204);
    } finally {
      db.prepare('UPDATE organizations SET is_active = 1 WHERE id = ?').run(org.row.id);
    }
  });
});
