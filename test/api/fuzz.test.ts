/**
 * Fuzz: thousands of generated bad requests at every route — random JSON of any shape, broken JSON,
 * wrong content types, odd path parameters, bad idempotency keys. Every answer must be a 4xx in the error
 * envelope (never a 5xx), and rejected requests must leave the data unchanged.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { seedOrganization, startTestServer, type TestServer } from './harness.ts';

const MUTATING: [string, string][] = [
  ['POST', '/electronic-documents'],
  ['POST', '/api-keys'],
  ['POST', '/organizations'],
  ['PATCH', '/organizations/{uuid}'],
  ['PUT', '/organizations/me'],
  ['PUT', '/company'],
  ['POST', '/organizations/me/certificate'],
  ['POST', '/company/certificate'],
  ['PUT', '/organizations/me/consecutives'],
  ['PUT', '/organizations/me/branding'],
  ['POST', '/recipients'],
  ['PUT', '/recipients/{id}'],
  ['POST', '/account/archive'],
];

const PATH_PARAMS: [string, string][] = [
  ['GET', '/electronic-documents/{x}'],
  ['GET', '/documents/{x}/xml'],
  ['GET', '/organizations/{x}'],
  ['DELETE', '/organizations/{x}'],
  ['DELETE', '/api-keys/{x}'],
  ['GET', '/recipients/{x}'],
  ['DELETE', '/recipients/{x}'],
];

/** Bodies that no route accepts: scalars, arrays, objects of random members, and near-misses of real ones. */
const badBody = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(fc.constantFrom('name', 'document', 'items', 'mode', 'pin', 'certificate', 'branch', 'next_value', 'color', 'logo', 'enabled', 'identification_type', 'email', 'abilities'), fc.jsonValue(), { maxKeys: 6 }),
  fc.record({ document: fc.jsonValue(), items: fc.array(fc.jsonValue(), { maxLength: 3 }), issuer: fc.jsonValue() }),
);

const rawText = fc.oneof(fc.constant('{'), fc.constant('{"a":'), fc.string({ maxLength: 40 }).map((s) => `{${s}`), fc.constant('\u0000'), fc.constant('[1,2'));
const segment = fc.oneof(fc.string({ minLength: 1, maxLength: 60 }).map(encodeURIComponent), fc.constantFrom('0', '-1', '99999999999999999999', '%00', 'null', '..%2F..', 'a'.repeat(300)));

let t: TestServer;
let orgKey: string;
let orgUuid: string;

/** A digest of every table, leaving out the columns requests may legitimately touch (last use of a key). */
function dataDigest(): string {
  const client = t.server.core.store.db.$client;
  const tables = client.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[];
  const hash = createHash('sha256');
  for (const { name } of tables) {
    for (const row of client.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all() as Record<string, unknown>[]) {
      delete row['last_used_at'];
      hash.update(`${name}:${JSON.stringify(row, (_k, v) => (Buffer.isBuffer(v) ? v.toString('base64') : v))}\n`);
    }
  }
  return hash.digest('hex');
}

function expectRejected(res: { status: number; body: any }, what: string): void { // eslint-disable-line @typescript-eslint/no-explicit-any
  expect(res.status, what).toBeGreaterThanOrEqual(400);
  expect(res.status, what).toBeLessThan(500);
  expect(res.body, what).toMatchObject({ success: false, error: { code: expect.any(String), message: expect.any(String) }, api_version: '1.0' });
}

beforeAll(async () => {
  t = await startTestServer();
  const org = seedOrganization(t);
  orgKey = org.key;
  orgUuid = org.uuid;
});
afterAll(async () => t.close());

describe('fuzzing every route with bad requests', () => {
  it('answers random bodies, broken JSON, wrong media types and odd parameters with a 4xx envelope and changes nothing', async () => {
    // Rejected requests must change nothing; the rare random body that is a valid update moves the baseline.
    let baseline = dataDigest();
    const check = (res: { status: number }) => {
      const now = dataDigest();
      if (res.status < 400) baseline = now;
      else expect(now, 'a rejected request changed the data').toBe(baseline);
    };
    let count = 0;
    const keyFor = (path: string) => (/^\/(api-keys|organizations($|\/\{)|account)/.test(path) ? t.accountKey : orgKey);
    const fill = (path: string, value: string) => path.replace('{uuid}', orgUuid).replace('{id}', '987654').replace('{x}', value);
    for (const [method, path] of MUTATING) {
      for (const body of fc.sample(badBody, { numRuns: 120, seed: count + 1 })) {
        const res = await t.call(method, fill(path, ''), { key: keyFor(path), body });
        check(res);
        // A random body may be valid by chance only where an empty update is allowed; anything else is rejected.
        if (res.status >= 400 || !/^(PUT|PATCH)$/.test(method) || path.includes('consecutives')) expectRejected(res, `${method} ${path} ${JSON.stringify(body)}`);
        count++;
      }
      for (const raw of fc.sample(rawText, { numRuns: 30, seed: count })) {
        const res = await t.call(method, fill(path, ''), { key: keyFor(path), rawBody: raw });
        expectRejected(res, `${method} ${path} raw ${raw}`);
        check(res);
        count++;
      }
      expectRejected(await t.call(method, fill(path, ''), { key: keyFor(path), rawBody: '<xml/>', headers: { 'content-type': 'application/xml' } }), `${method} ${path} xml`);
      expectRejected(await t.call(method, fill(path, ''), { key: keyFor(path), body: {}, headers: { 'X-Idempotency-Key': 'x'.repeat(256) } }), `${method} ${path} idem`);
      count += 2;
    }
    for (const [method, path] of PATH_PARAMS) {
      for (const value of fc.sample(segment, { numRuns: 60, seed: count })) {
        const res = await t.call(method, fill(path, value), { key: keyFor(path) });
        expectRejected(res, `${method} ${path} ${value}`);
        check(res);
        count++;
      }
    }
    for (const query of fc.sample(fc.dictionary(fc.constantFrom('per_page', 'cursor', 'status', 'from', 'to', 'document_type'), fc.string({ minLength: 1, maxLength: 12 }), { minKeys: 1 }), { numRuns: 150, seed: 7 })) {
      const res = await t.call('GET', `/documents?${new URLSearchParams(query).toString()}`, { key: orgKey });
      if (res.status !== 200) expectRejected(res, `GET /documents ${JSON.stringify(query)}`);
      else expect(res.body.success).toBe(true);
      count++;
    }
    expect(count).toBeGreaterThan(2000);
  }, 240_000);

  it('refuses a body over the limit with 413 and unknown routes or methods with 404', async () => {
    const huge = JSON.stringify({ items: ['x'.repeat(9 * 1024 * 1024)] });
    expectRejected(await t.call('POST', '/electronic-documents', { key: orgKey, rawBody: huge }), 'huge');
    expectRejected(await t.call('PATCH', '/electronic-documents', { key: orgKey, body: {} }), 'method');
    expectRejected(await t.call('GET', '/api/v2/status'), 'version');
  });
});
