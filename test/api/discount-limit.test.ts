/**
 * The cashiers' discount limit judged on what the engine signs (docs/tills.md, "Who is who"): a combo's
 * discounts are its components' (surtido_items[].discount), and a combo line has no price of its own (its
 * price is what the components cost), so the limit weighs the line's computed Descuento against its computed
 * MontoTotal. A real server, a real browser session with a cashier signed in, real sqlite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveCertificate, seedOrganization, startTestServer, type SeededOrganization, type TestServer } from './harness.ts';
import { portOf, rawRequest, type RawReply } from '../helpers/raw-http.ts';
import { exampleRequest, type Body } from '../fixtures/example-requests.ts';

const CSRF = { 'x-facturador-csrf': '1' };
const JSON_TYPE = { 'content-type': 'application/json' };

let t: TestServer;
let org: SeededOrganization;
let cashier: (method: string, path: string, body?: unknown) => Promise<RawReply>;
let supervisor: (method: string, path: string, body?: unknown) => Promise<RawReply>;

async function signInBrowser(): Promise<string> {
  const login = await rawRequest(portOf(t.url), { method: 'POST', path: '/login', headers: { ...JSON_TYPE, ...CSRF }, body: JSON.stringify({ token: t.server.app.browserSessions.issueLoginToken() }) });
  expect(login.status).toBe(204);
  return String(login.headers['set-cookie']?.[0]).split(';')[0]!;
}

function as(cookie: string) {
  return (method: string, path: string, body?: unknown): Promise<RawReply> => rawRequest(portOf(t.url), {
    method,
    path: `/api/v1${path}`,
    headers: { cookie, 'accept-language': 'en', ...(method === 'GET' ? {} : CSRF), ...(body === undefined ? {} : JSON_TYPE) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function sessionOf(who: { id: number; pin: string }) {
  const session = as(await signInBrowser());
  const res = await session('POST', '/session/cashier', { cashier_id: who.id, pin: who.pin });
  expect(res.status, res.text).toBe(200);
  return session;
}

const PACK = { cabys_code: '2399999002200', unit: 'Unid', description: 'Canasta navideña', quantity: 1, commercial_codes: [{ type: '03', code: '7441234567890' }] };
const COFFEE = { cabys_code: '2391102010100', description: 'Café tostado', quantity: 1, unit: 'Kg', price: 1000, tax: [{ type: '01', rate_code: '08' }] };
const WHEAT = { cabys_code: '0111100000100', description: 'Trigo', quantity: 2, unit: 'Kg', price: 250, tax: [{ type: '01', rate_code: '02' }] };

/** A ticket of one combo (no price of its own: coffee 1 000 + wheat 2 × 250 = 1 500) whose coffee is discounted `discount`. */
function comboTicket(discount: number): Body {
  const body = exampleRequest('04-tiquete', new Date(Date.now() - 60_000));
  body['items'] = [{ ...PACK, surtido_items: [{ ...COFFEE, discount: [{ amount: discount, code: '07', reason: 'Cliente frecuente' }] }, WHEAT] }];
  return body;
}

beforeAll(async () => {
  t = await startTestServer();
  org = seedOrganization(t);
  await giveCertificate(t, org);
  const owner = await t.call('POST', '/cashiers', { key: org.key, body: { name: 'Doña Marta', pin: '482193', role: 'owner' } });
  expect(owner.status, owner.text).toBe(201);
  const ana = await t.call('POST', '/cashiers', { key: org.key, body: { name: 'Ana', pin: '1111', role: 'cashier' } });
  const jorge = await t.call('POST', '/cashiers', { key: org.key, body: { name: 'Jorge', pin: '5151', role: 'supervisor' } });
  cashier = await sessionOf({ id: ana.body.data.id, pin: '1111' });
  supervisor = await sessionOf({ id: jorge.body.data.id, pin: '5151' });
});
afterAll(() => t.close());

describe("a cashier's discount on a combo", () => {
  it('counts the components\' discounts against the line\'s computed amount', async () => {
    // 100 of 1 500 is 6.7 %: within the 10 % limit.
    const within = await cashier('POST', '/electronic-documents', comboTicket(100));
    expect(within.status, within.text).toBe(201);
    // 500 of 1 500 is 33 %: over it, though no member `discount` sits on the line itself.
    const over = await cashier('POST', '/electronic-documents', comboTicket(500));
    expect(over.status, over.text).toBe(403);
    expect(over.body.error).toMatchObject({ code: 'role_forbidden', action: 'discount', required_role: 'supervisor' });
    // A supervisor gives it.
    expect((await supervisor('POST', '/electronic-documents', comboTicket(500))).status).toBe(201);
  });

  it('judges the limit on the line with the components\' quantity: two combos discount twice as much of twice the amount', async () => {
    const body = comboTicket(140); // 140 of 1 500 = 9.3 %, per combo and for two
    body['items'][0].quantity = 2;
    expect((await cashier('POST', '/electronic-documents', body)).status).toBe(201);
    const over = comboTicket(160); // 10.7 %
    over['items'][0].quantity = 2;
    expect((await cashier('POST', '/electronic-documents', over)).status).toBe(403);
  });

  it('still judges a plain line, and a shelf price with VAT included, by the amounts signed', async () => {
    const plain = exampleRequest('04-tiquete', new Date(Date.now() - 60_000));
    plain['items'][0].discount = { amount: 1000, code: '07', reason: 'Cliente frecuente' }; // 22 % of ₡4,500
    expect((await cashier('POST', '/electronic-documents', plain)).status).toBe(403);
    // ₡5,085 on the shelf (4,500 + 13 %), ₡500 off it: 9.8 %, within the limit once both are made net.
    const shelf = exampleRequest('04-tiquete', new Date(Date.now() - 60_000));
    shelf['items'][0] = { ...shelf['items'][0], price: 5085, price_includes_vat: true, discount: { amount: 500, code: '07', reason: 'Cliente frecuente' } };
    const issued = await cashier('POST', '/electronic-documents', shelf);
    expect(issued.status, issued.text).toBe(201);
  });
});
