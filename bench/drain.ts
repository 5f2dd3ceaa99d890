/**
 * Drain benchmark: 2,000 tickets issued over HTTP while the (local) tax authority is down, then it comes
 * back; prints how long until every one is accepted and the drain rate. The server runs in this process;
 * the simulator runs in its own (bench/lib/simulator-process.ts), is not running at all while "down"
 * (connections refused) and decides at once (delay 0) when up, answering each reception like the real service.
 * Usage: npm run bench:drain [-- count]
 */
import { freePort } from './lib/free-port.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { startServer } from '../src/server.ts';
import { localAccount } from '../src/store/accounts.ts';
import { createApiKey } from '../src/store/api-keys.ts';
import { insertOrganization } from '../src/store/organizations.ts';
import { ORGANIZATION_ABILITIES } from '../src/api/abilities.ts';
import { makeTestP12, TEST_PIN } from '../test/fixtures/certificates.ts';
import { exampleRequest } from '../test/fixtures/example-requests.ts';

const COUNT = Number(process.argv[2] ?? 2000);
const CLIENTS = 16;
const USER = 'bench@stag.comprobanteselectronicos.go.cr';
const PASSWORD = 'bench';

/** CPU milliseconds the simulator process has used so far. */
function simulatorCpuMs(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.stdout!.once('data', (line: Buffer) => resolve(Number(line.toString().trim())));
    child.stdin!.write('cpu\n');
  });
}

const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

function startSimulatorProcess(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./lib/simulator-process.ts', import.meta.url).pathname, String(port), USER, PASSWORD], { stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`simulator exited with ${code}`)));
  });
}

const simulatorPort = await freePort();
const simulatorUrl = `http://127.0.0.1:${simulatorPort}`;
const endpoints = { idpUrl: `${simulatorUrl}/auth/realms/rut-stag/protocol/openid-connect/token`, apiUrl: `${simulatorUrl}/recepcion/v1/` };
const dataDir = mkdtempSync(join(tmpdir(), 'facturador-drain-'));
const server = await startServer({ port: '0', dataDir }, {
  masterKey: Buffer.alloc(32, 3),
  logger: pino({ level: 'silent' }),
  hacienda: { staging: endpoints, production: endpoints },
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
const ticket = exampleRequest('04-tiquete', new Date(Date.now() - 60_000));

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
const simulator = await startSimulatorProcess(simulatorPort);
const serverCpuBefore = cpuMs();
const simulatorCpuBefore = await simulatorCpuMs(simulator);
server.core.hacienda.monitor.start(); // a probe notices the tax authority is back
server.core.outbox.wake();
while (counts().accepted < COUNT && performance.now() - start < 600_000) await new Promise((r) => setTimeout(r, 50));
const drainSeconds = (performance.now() - start) / 1000;
const final = counts();
const serverCpu = cpuMs() - serverCpuBefore;
const simulatorCpu = (await simulatorCpuMs(simulator)) - simulatorCpuBefore;

console.log(`issued_while_offline: ${COUNT} documents`);
console.log(`issue_rate_offline: ${(COUNT / issueSeconds).toFixed(0)} per_second`);
console.log(`queued_before_drain: ${queuedBefore} documents`);
console.log(`drain_time: ${drainSeconds.toFixed(1)} s`);
console.log(`drain_rate: ${(final.accepted / drainSeconds).toFixed(0)} per_second`);
console.log(`accepted: ${final.accepted} documents`);
// CPU per document while draining: the app's (this process) and the stand-in tax authority's.
console.log(`app_cpu_per_document: ${(serverCpu / COUNT).toFixed(2)} ms`);
console.log(`simulator_cpu_per_document: ${(simulatorCpu / COUNT).toFixed(2)} ms`);
await server.close();
simulator.kill('SIGTERM');
if (!process.env["DRAIN_KEEP"]) rmSync(dataDir, { recursive: true, force: true });
else console.log(`data_dir: ${dataDir}`);
