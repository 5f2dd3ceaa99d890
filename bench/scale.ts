/**
 * Scaling benchmark (issue 16): tickets per second through HTTP with 1, 2 and 3 `facturador serve` processes
 * sharing one PostgreSQL database, beside 1 process on SQLite, under the same load — CLIENTS keep-alive
 * clients posting one-line tickets, spread evenly over the processes, for a fixed time after a warm-up.
 * Each process's clients issue on a terminal of its own (as the tills of a chain do: one counter each), and
 * once more with every process on one terminal (`pg3_one_counter`: they then race for the same numbers).
 * Delivery is off (FACTURADOR_DELIVERY=off): this measures issuing. Prints `name: value unit` lines, the
 * ratios, and the replication rate of a till when bench/replication.ts provides `measureReplication()`.
 * Every process runs on this machine, so the processes share its cores with PostgreSQL and the clients:
 * read the ratios together with `cores`.
 * Usage: npm run bench:scale [-- seconds-per-setup]   (SCALE_ONLY=pg3 runs one set-up: sqlite1, pg1, pg2, pg3)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { issuePoster, startBenchServer } from './lib/bench-server.ts';
import { freePort } from './lib/free-port.ts';
import { percentile } from './lib/percentile.ts';
import { openStore } from '../src/store/database.ts';
import { localAccount } from '../src/store/accounts.ts';
import { createApiKey } from '../src/store/api-keys.ts';
import { insertOrganization } from '../src/store/organizations.ts';
import { ORGANIZATION_ABILITIES } from '../src/api/abilities.ts';
import { makeTestP12, TEST_PIN } from '../test/fixtures/certificates.ts';
import { exampleRequest } from '../test/fixtures/example-requests.ts';
import { throwawayDatabase } from '../test/helpers/postgres.ts';

const seconds = Number(process.argv[2] ?? 8);
const CLIENTS = 24;
const WARM_UP_MS = 2000;
const MASTER_KEY = 'ab'.repeat(32);
const root = new URL('../', import.meta.url);

interface Target { port: number; headers: Record<string, string>; terminal: number }
interface Result { rate: number; p50: number; p99: number; failures: number }

/** A one-line ticket of terminal `terminal` (punto_venta) of branch 001. */
function ticket(terminal: number): Buffer {
  const body = exampleRequest('04-tiquete', new Date(Date.now() - 60_000));
  body.document.punto_venta = String(terminal);
  return Buffer.from(JSON.stringify(body));
}

/** CLIENTS clients spread over the targets; the rate and latencies of the measured stretch. */
async function load(targets: Target[]): Promise<Result> {
  const posters = targets.map((t) => issuePoster(t, Math.ceil(CLIENTS / targets.length)));
  const payloads = targets.map((t) => ticket(t.terminal));
  const latencies: number[] = [];
  let failures = 0;
  const client = async (i: number, until: number, record: boolean) => {
    const post = posters[i % posters.length]!;
    const payload = payloads[i % posters.length]!;
    while (performance.now() < until) {
      const t0 = performance.now();
      const status = await post(payload).catch(() => 0);
      if (status !== 201) failures++;
      else if (record) latencies.push(performance.now() - t0);
    }
  };
  const warm = performance.now() + WARM_UP_MS;
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i, warm, false)));
  failures = 0;
  const start = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i, start + seconds * 1000, true)));
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { rate: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), failures };
}

/** An organization and its key in the shared database, written before any process starts. */
function seedPostgres(url: string): string {
  const store = openStore(url);
  try {
    const now = new Date();
    const account = localAccount(store.db, now);
    const org = insertOrganization(store.db, {
      uuid: randomUUID(), accountId: account.id, name: 'Bench S.A.', identificationType: '02', identificationNumber: '3101123456',
      email: 'bench@example.cr', createdAt: now.toISOString(), updatedAt: now.toISOString(), ratePerMinute: 1_000_000, ratePerDay: 100_000_000,
    });
    return createApiKey(store.db, { accountId: account.id, organizationId: org.id, name: 'bench', mode: 'test', abilities: [...ORGANIZATION_ABILITIES], expiresAt: null }, now).secret;
  } finally {
    store.close();
  }
}

async function startPgProcess(url: string): Promise<{ child: ChildProcess; port: number; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'facturador-bench-pg-'));
  const port = await freePort();
  const env = { ...process.env, DATABASE_URL: url, FACTURADOR_MASTER_KEY: MASTER_KEY, FACTURADOR_KEYRING: 'off', FACTURADOR_DELIVERY: 'off', FACTURADOR_AUTO_BACKUP: 'off', LOG_LEVEL: 'warn' };
  const child = spawn(process.execPath, [new URL('bin/facturador.js', root).pathname, 'serve', '--port', String(port), '--data-dir', dataDir], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 300; i++) {
    try { if ((await fetch(`http://127.0.0.1:${port}/api/v1/status`)).ok) return { child, port, dataDir }; } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('a serve process on PostgreSQL did not start within 30 s');
}

async function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await gone;
}

async function onPostgres(processes: number, oneCounter = false): Promise<Result> {
  const database = throwawayDatabase();
  const started: { child: ChildProcess; port: number; dataDir: string }[] = [];
  try {
    const key = seedPostgres(database.url);
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    started.push(...await Promise.all(Array.from({ length: processes }, () => startPgProcess(database.url))));
    const p12 = makeTestP12({ pin: TEST_PIN, algorithm: '3des' });
    const upload = await fetch(`http://127.0.0.1:${started[0]!.port}/api/v1/organizations/me/certificate`, { method: 'POST', headers, body: JSON.stringify({ certificate: p12.toString('base64'), pin: TEST_PIN, atv_user: 'bench@stag.comprobanteselectronicos.go.cr', atv_password: 'x' }) });
    if (!upload.ok) throw new Error(`certificate upload failed: ${upload.status} ${await upload.text()}`);
    return await load(started.map((s, i) => ({ port: s.port, headers, terminal: oneCounter ? 1 : i + 1 })));
  } finally {
    await Promise.all(started.map((s) => stopped(s.child)));
    for (const s of started) rmSync(s.dataDir, { recursive: true, force: true });
    database.drop();
  }
}

async function onSqlite(): Promise<Result> {
  const bench = await startBenchServer();
  try {
    return await load([{ port: bench.port, headers: bench.headers, terminal: 1 }]);
  } finally {
    await stopped(bench.server);
    rmSync(bench.dataDir, { recursive: true, force: true });
  }
}

function print(name: string, result: Result): void {
  console.log(`scale_${name}_tickets: ${result.rate.toFixed(0)} per_second`);
  console.log(`scale_${name}_latency_p50: ${result.p50.toFixed(1)} ms`);
  console.log(`scale_${name}_latency_p99: ${result.p99.toFixed(1)} ms`);
  if (result.failures > 0) console.log(`scale_${name}_failed_requests: ${result.failures} count`);
}

async function main(): Promise<void> {
  console.log(`cores: ${cpus().length} count`);
  const only = process.env['SCALE_ONLY'];
  if (only) {
    const n = Number(/^pg(\d)$/.exec(only)?.[1] ?? 0);
    print(only, n > 0 ? await onPostgres(n) : await onSqlite());
    return;
  }
  const sqlite = await onSqlite();
  print('sqlite1', sqlite);
  const pg: Result[] = [];
  for (const n of [1, 2, 3]) {
    pg[n] = await onPostgres(n);
    print(`pg${n}`, pg[n]!);
  }
  const shared = await onPostgres(3, true);
  print('pg3_one_counter', shared);
  const ratio = (a: Result, b: Result) => (a.rate / b.rate).toFixed(2);
  console.log(`scale_pg2_vs_pg1: ${ratio(pg[2]!, pg[1]!)} x`);
  console.log(`scale_pg3_vs_pg1: ${ratio(pg[3]!, pg[1]!)} x`);
  console.log(`scale_pg1_vs_sqlite: ${ratio(pg[1]!, sqlite)} x`);
  console.log(`scale_pg3_vs_sqlite: ${ratio(pg[3]!, sqlite)} x`);
  console.log(`scale_pg3_one_counter_vs_pg3: ${ratio(shared, pg[3]!)} x`);
  // The till's replication to a head office, when its benchmark exists (bench/replication.ts).
  const replication = new URL('replication.ts', import.meta.url);
  if (existsSync(replication)) {
    const module = await import(replication.href) as { measureReplication?: () => Promise<number> | number };
    if (module.measureReplication) console.log(`scale_till_replication: ${Number(await module.measureReplication()).toFixed(0)} docs/s`);
  } else {
    console.log('scale_till_replication: not measured (no bench/replication.ts yet)');
  }
}

await main();
// The throw-away databases' admin connection (test/helpers/postgres.ts) would keep the process waiting.
process.exit(0);
