/**
 * One server per data directory: a second `facturador serve` on a directory another live process serves
 * refuses to start (two outbox workers and two numbering sources on one database invite trouble), while a
 * pid file left by a dead process does not stop anyone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeServerLock } from '../../../src/backup/server-lock.ts';
import { serveCommand } from '../../../src/cli/serve.ts';
import { startTestServer } from '../../api/harness.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'facturador-one-server-'));
let other: ChildProcess | undefined;
afterAll(() => {
  other?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a second server on the same data directory', () => {
  it('refuses to start while the first one lives, and says which one it is', async () => {
    other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    writeServerLock(dataDir, { pid: other.pid!, url: 'http://127.0.0.1:8780' });
    const out = { stdout: '', stderr: '', write: (s: string) => void (out.stdout += s), error: (s: string) => void (out.stderr += s) };
    expect(await serveCommand({ port: '0', host: '127.0.0.1', dataDir }, out)).toBe(1);
    expect(out.stderr).toContain(`another Facturador server (pid ${other.pid}, http://127.0.0.1:8780) is running on ${dataDir}`);
    await expect(startTestServer({ dataDir })).rejects.toThrow(/another Facturador server/);
  });

  it('lets only one of two servers started at the same moment run (the pid file is claimed exclusively)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'facturador-two-servers-'));
    const bin = new URL('../../../bin/facturador.js', import.meta.url).pathname;
    const env = { ...process.env, FACTURADOR_MASTER_KEY: 'ab'.repeat(32), FACTURADOR_KEYRING: 'off', FACTURADOR_DELIVERY: 'off', FACTURADOR_AUTO_BACKUP: 'off', LOG_LEVEL: 'info' };
    const servers = [0, 1].map(() => spawn(process.execPath, [bin, 'serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dir], { env, stdio: ['ignore', 'pipe', 'pipe'] }));
    try {
      const outcomes = await Promise.all(servers.map((server) => new Promise<string>((resolve) => {
        let output = '';
        for (const stream of [server.stdout!, server.stderr!]) {
          stream.setEncoding('utf8').on('data', (chunk: string) => {
            output += chunk;
            if (output.includes('sign in from a browser')) resolve('serving');
          });
        }
        server.once('exit', (code) => resolve(`exited ${code}: ${output}`));
      })));
      expect(outcomes.filter((o) => o === 'serving')).toHaveLength(1);
      expect(outcomes.find((o) => o !== 'serving')).toMatch(/^exited 1: .*another Facturador server/s);
    } finally {
      // A clean stop, awaited: the serving one stops its catalog build too, which would otherwise write
      // into (and re-create) the folder after it was removed.
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => {
        if (server.exitCode !== null || server.signalCode !== null) return resolve();
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      })));
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('starts when the pid file names a process that has died', async () => {
    other!.kill('SIGKILL');
    await new Promise((resolve) => other!.once('exit', resolve));
    const t = await startTestServer({ dataDir });
    expect((await t.call('GET', '/status')).status).toBe(200);
    await t.close();
  });
});
