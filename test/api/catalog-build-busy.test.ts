/**
 * At first start another process (the server's build child, a CLI import) may hold the catalog database's
 * write lock for a second or more. Reference requests answer 503 with Retry-After meanwhile instead of
 * stalling the server, and issuing never waits for reference data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedOrganization, startTestServer, type SeededOrganization, type TestServer } from './harness.ts';
import { makeTestP12, TEST_PIN } from '../fixtures/certificates.ts';
import { exampleRequest } from '../fixtures/example-requests.ts';

let t: TestServer;
let org: SeededOrganization;
let holder: ChildProcess | undefined;

/** A process holding catalogs.db's write lock, as a build does, until killed. */
async function holdCatalogLock(dataDir: string): Promise<ChildProcess> {
  const script = `const D = require('better-sqlite3'); const db = new D(${JSON.stringify(join(dataDir, 'catalogs.db'))});
db.pragma('journal_mode = WAL'); db.exec('BEGIN IMMEDIATE'); db.exec('CREATE TABLE building (x)'); console.log('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [chunk] = await once(child.stdout!, 'data') as [Buffer];
  expect(chunk.toString()).toContain('locked');
  return child;
}

beforeAll(async () => {
  t = await startTestServer();
  org = seedOrganization(t);
  const p12 = makeTestP12({ pin: TEST_PIN, algorithm: '3des' }).toString('base64');
  await t.call('POST', '/organizations/me/certificate', { key: org.key, body: { certificate: p12, pin: TEST_PIN, atv_user: 'u@x.cr', atv_password: 'x' } });
  holder = await holdCatalogLock(t.dataDir);
});
afterAll(async () => {
  holder?.kill('SIGKILL');
  await t.close();
});

it('answers 503 with Retry-After while another process builds the catalogs, and issues meanwhile', async () => {
  const started = Date.now();
  const search = await t.call('GET', '/reference/cabys?q=cafe', { key: org.key });
  expect(search.status).toBe(503);
  expect(search.body.error.code).toBe('service_unavailable');
  expect(search.headers.get('retry-after')).toBe('1');
  expect(Date.now() - started).toBeLessThan(5_000); // not the CLI's 30 s wait

  const ticket = exampleRequest('04-tiquete', new Date(Date.now() - 60_000));
  const issued = await t.call('POST', '/electronic-documents', { key: org.key, body: ticket });
  expect(issued.status, issued.text).toBe(201);

  holder!.kill('SIGKILL'); // the build ends (here: is abandoned, and SQLite rolls it back)
  await once(holder!, 'exit');
  const after = await t.call('GET', '/reference/cabys?q=cafe', { key: org.key });
  expect(after.status, after.text).toBe(200);
  expect(after.body.data.length).toBeGreaterThan(0);
});
