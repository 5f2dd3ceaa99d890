/**
 * A real `facturador serve` child process for the issuing benchmarks: a seeded organization with a key of
 * unlimited rate, the server on a free port of loopback, ready (GET /status), with the test signing
 * certificate uploaded. The caller kills `server` and removes `dataDir`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedBenchOrganization } from './seed-organization.ts';
import { freePort } from './free-port.ts';
import { makeTestP12, TEST_PIN } from '../../test/fixtures/certificates.ts';

export interface BenchServer {
  server: ChildProcess;
  port: number;
  base: string;
  headers: Record<string, string>;
  dataDir: string;
}

const root = new URL('../../', import.meta.url);

export async function startBenchServer(options: { env?: Record<string, string>; nodeArgs?: string[] } = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'facturador-bench-'));
  const env = { ...process.env, FACTURADOR_MASTER_KEY: 'ab'.repeat(32), FACTURADOR_KEYRING: 'off', FACTURADOR_DELIVERY: 'off', LOG_LEVEL: 'warn', ...options.env };
  const key = seedBenchOrganization(dataDir, { ratePerMinute: 1_000_000, ratePerDay: 100_000_000 });
  const port = await freePort();
  const args = [...(options.nodeArgs ?? []), new URL('bin/facturador.js', root).pathname, 'serve', '--port', String(port), '--data-dir', dataDir];
  const server = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}/api/v1`;
  for (let i = 0; i < 200; i++) {
    try { if ((await fetch(`${base}/status`)).ok) break; } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const p12 = makeTestP12({ pin: TEST_PIN, algorithm: '3des' });
  const upload = await fetch(`${base}/organizations/me/certificate`, { method: 'POST', headers, body: JSON.stringify({ certificate: p12.toString('base64'), pin: TEST_PIN, atv_user: 'bench@stag.comprobanteselectronicos.go.cr', atv_password: 'x' }) });
  if (!upload.ok) throw new Error(`certificate upload failed: ${upload.status} ${await upload.text()}`);
  return { server, port, base, headers, dataDir };
}

/**
 * POST /electronic-documents of `payload`, answering its status: node:http with a keep-alive agent of
 * `maxSockets`, a much lighter load generator than fetch, which matters when the clients share this
 * machine's two cores with the server they measure.
 */
export function issuePoster(bench: Pick<BenchServer, 'port' | 'headers'>, maxSockets: number): (payload: Buffer) => Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets });
  return (payload) => new Promise<number>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: bench.port, path: '/api/v1/electronic-documents', method: 'POST', agent, headers: { ...bench.headers, 'content-length': payload.length } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(payload);
  });
}
