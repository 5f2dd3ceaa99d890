/**
 * `facturador backup` and `facturador restore` against a real server's data directory: a backup while it
 * runs; a restore refused while it runs and without confirmation; once stopped, a confirmed restore brings
 * back the backed-up data, which the server started afterwards serves.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli.ts';
import { restoreCommand } from '../../../src/cli/backup.ts';
import type { Output } from '../../../src/cli/output.ts';
import { seedOrganization, startTestServer, type TestServer } from '../../api/harness.ts';

let dataDir: string;
let t: TestServer;

function capture(): Output & { stdout: string; stderr: string } {
  const out = { stdout: '', stderr: '', write: (text: string) => (out.stdout += `${text}\n`), error: (text: string) => (out.stderr += `${text}\n`) };
  return out;
}

async function run(...args: string[]) {
  const out = capture();
  const code = await runCli([...args, '--data-dir', dataDir], out);
  return { code, stdout: out.stdout, stderr: out.stderr };
}

async function organizationNames(): Promise<string[]> {
  const res = await t.call('GET', '/organizations', { key: t.accountKey });
  return res.body.data.map((o: { name: string }) => o.name).sort();
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'facturador-cli-backup-'));
  t = await startTestServer({ dataDir });
});
afterAll(() => t.close().finally(() => rmSync(dataDir, { recursive: true, force: true })));

describe('facturador backup / restore', () => {
  it('backs up while the server runs, and restores only once it is stopped and confirmed', async () => {
    seedOrganization(t, { name: 'Antes' });
    const file = join(dataDir, 'manual.db');
    const backup = await run('backup', '--out', file);
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    expect(backup.stdout).toMatch(new RegExp(`^${file}: \\d+ bytes\\n$`));
    expect((await run('backup', '--out', file)).stderr).toMatch(/already exists/);
    seedOrganization(t, { name: 'Después', identificationNumber: '3101654321' });

    const refused = await run('restore', file, '--yes');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/server \(pid \d+, http:\/\/127\.0\.0\.1:\d+\) is running .*: stop it first/);

    await t.close();
    const unconfirmed = await run('restore', file); // vitest's stdin is no terminal
    expect(unconfirmed).toMatchObject({ code: 2, stderr: expect.stringMatching(/confirm with --yes/) });
    const declined = capture();
    expect(await restoreCommand(file, { dataDir, confirm: async () => false }, declined)).toBe(1);
    expect(declined.stderr).toMatch(/cancelled; nothing changed/);

    const asked: string[] = [];
    const restored = capture();
    expect(await restoreCommand(file, { dataDir, confirm: async (q) => (asked.push(q), true) }, restored)).toBe(0);
    expect(asked[0]).toMatch(/Replace the database in .* with .*manual\.db\?/);
    const kept = /kept the previous database as (\S+)/.exec(restored.stdout)?.[1];
    expect(kept && existsSync(kept)).toBe(true);
    expect(restored.stdout).toMatch(/restored .*manual\.db into .*facturador\.db \(\d+ of \d+ migrations\)/);

    t = await startTestServer({ dataDir });
    expect(await organizationNames()).toEqual(['Antes']);
    // And back again, from the copy the restore kept.
    await t.close();
    expect((await run('restore', kept!, '--yes')).code).toBe(0);
    t = await startTestServer({ dataDir });
    expect(await organizationNames()).toEqual(['Antes', 'Después']);
  });

  it('refuses a file that is not a Facturador database with exit 2', async () => {
    const other = mkdtempSync(join(tmpdir(), 'facturador-cli-restore-'));
    try {
      const out = capture();
      // The running server's pid file: JSON, not a database.
      expect(await runCli(['restore', join(dataDir, 'facturador.pid'), '--yes', '--data-dir', other], out)).toBe(2);
      expect(out.stderr).toMatch(/not a readable SQLite database/);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('prints the usage for a restore without a file', async () => {
    const res = await run('restore');
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/facturador restore FILE/);
  });
});

describe('facturador backup without a database', () => {
  it('refuses with exit 2 instead of backing up an empty new one', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'facturador-cli-empty-'));
    try {
      const out = capture();
      expect(await runCli(['backup', '--data-dir', empty], out)).toBe(2);
      expect(out.stderr).toMatch(/no database in .* to back up/);
      expect(existsSync(join(empty, 'facturador.db'))).toBe(false);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
