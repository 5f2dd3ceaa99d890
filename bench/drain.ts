/**
 * Drain benchmark: 2,000 tickets issued over HTTP while the (local) tax authority is down, then it comes
 * back; prints how long until every one is accepted and the drain rate. Server and simulator run in this
 * process; the simulator decides at once (delay 0) and, like the real service, answers each reception.
 * Usage: npm run bench:drain [-- count]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { startServer } from '../src/cli/serve.ts';
import { startSimulator } from '../src/hacienda/simulator/server.ts';
import { localAccount } from '../src/store/accounts.ts';
import { createApiKey } from '../src/store/api-keys.ts';
import { insertOrganization } from '../src/store/organizations.ts';
import { ORGANIZATION_ABILITIES } from '../src/api/abilities.ts';
import { makeTestP12, TEST_PIN } from '../test/fixtures/certificates.ts';

const COUNT = Number(process.argv[2] ?? 2000);
const CLIENTS = 16;
const USER = 'bench@stag.comprobanteselectronicos.go.cr';
const PASSWORD = 'bench';

const simulator = await startSimulator({ port: 0, users: { [USER]: PASSWORD }, verifySignatures: process.env['DRAIN_VERIFY'] === '1' });
simulator.faults.down = true;
const dataDir = mkdtempSync(join(tmpdir(), 'facturador-drain-'));
const server = await startServer({ port: '0', dataDir }, {
  masterKey: Buffer.alloc(32, 3),
  logger: pino({ level: 'silent' }),
  hacienda: { staging: { idpUrl: simulator.idpUrlStaging, apiUrl: simulator.apiUrl }, production: { idpUrl: simulator.idpUrlProduction, apiUrl: simulator.apiUrl } },
});
const db = server.core.store.db;
const now = new Date();
const account = localAccount(db, now);
const org = insertOrganization(db, { uuid: crypto.randomUUID(), accountId: account.id, name: 'Drain S.A.', identificationType: '02', identificationNumber: '3101123456', email: 'd@e.cr', createdAt: now.toISOString(), updatedAt: now.toISOString(), ratePerMinute: 1_000_000, ratePerDay: 100_000_000 });
const key = createApiKey(db, { accountId: account.id, organizationId: org.id, name: 'drain', mode: 'test', abilities: [...ORGANIZATION_ABILITIES], expiresAt: null }, now).secret;
const port = Number(new URL(server.url).port);
const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });

function post(path: string, body: unknown): Promise<{ status: number; text: string }> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: `/api/v1${path}`, method: 'POST', agent, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': payload.length } }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const upload = await post('/organizations/me/certificate', { certificate: makeTestP12({ pin: TEST_PIN, algorithm: '3des' }).toString('base64'), pin: TEST_PIN, atv_user: USER, atv_password: PASSWORD });
if (upload.status >= 300) throw new Error(`certificate upload failed: ${upload.text}`);
const ticket = JSON.parse(readFileSync(new URL('../examples/requests/04-tiquete.json', import.meta.url), 'utf8'));
ticket.document.date = new Date(Date.now() - 60_000).toISOString();

let issued = 0;
const issueStart = performance.now();
await Promise.all(Array.from({ length: CLIENTS }, async () => {
  while (issued < COUNT) {
    issued++;
    const res = await post('/electronic-documents', ticket);
    if (res.status !== 201) throw new Error(`issue failed: ${res.status} ${res.text}`);
  }
}));
const issueSeconds = (performance.now() - issueStart) / 1000;

const counts = () => db.$client.prepare("SELECT sum(status = 'accepted') AS accepted, sum(status = 'queued') AS queued FROM documents").get() as { accepted: number; queued: number };
const queuedBefore = counts().queued;
const start = performance.now();
simulator.faults.down = false;
server.core.hacienda.monitor.start(); // a probe notices the tax authority is back
server.core.outbox.wake();
while (counts().accepted < COUNT && performance.now() - start < 600_000) await new Promise((r) => setTimeout(r, 50));
const drainSeconds = (performance.now() - start) / 1000;
const final = counts();

console.log(`issued_while_offline: ${COUNT} documents`);
console.log(`issue_rate_offline: ${(COUNT / issueSeconds).toFixed(0)} per_second`);
console.log(`queued_before_drain: ${queuedBefore} documents`);
console.log(`drain_time: ${drainSeconds.toFixed(1)} s`);
console.log(`drain_rate: ${(final.accepted / drainSeconds).toFixed(0)} per_second`);
console.log(`accepted: ${final.accepted} documents`);
console.log(`receptions_at_simulator: ${simulator.received().length} count`);
await server.close();
await simulator.close();
rmSync(dataDir, { recursive: true, force: true });
