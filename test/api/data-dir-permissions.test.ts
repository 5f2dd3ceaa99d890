/**
 * The data directory is the owner's alone (issue 12, Security 7; docs/backup.md, "Permissions"): an install
 * made by an earlier version — the folder 0755, its database 0644, as the umask left them — is fixed when
 * the server starts, and the backups and exports made afterwards are 0600 too. A file that is not the app's
 * keeps its mode.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedOrganization, startTestServer } from './harness.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'facturador-modes-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `relative path: octal mode` of the folder and of everything under it. */
function modes(dir: string, prefix = '.'): string[] {
  const own = `${prefix}: ${(statSync(dir).mode & 0o777).toString(8)}`;
  return [own, ...readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    const name = `${prefix}/${e.name}`;
    return e.isDirectory() ? modes(path, name) : [`${name}: ${(statSync(path).mode & 0o777).toString(8)}`];
  })];
}

/** A file of the owner's own in the folder (a data directory pointed at a busy folder): not ours to change. */
const FOREIGN = 'mis-notas.txt';

const readableByOthers = (dir: string) => modes(dir).filter((line) => !/: (700|600)$/.test(line) && !line.startsWith(`./${FOREIGN}:`));

describe.skipIf(process.platform === 'win32')('data directory permissions', () => {
  it('are fixed at start for an existing install, and kept for backups and exports made later', async () => {
    // An install as an earlier version left it, with the usual umask 0022.
    const first = await startTestServer({ dataDir });
    await first.close();
    chmodSync(dataDir, 0o755);
    for (const name of readdirSync(dataDir)) chmodSync(join(dataDir, name), 0o644);
    mkdirSync(join(dataDir, 'backups'), { mode: 0o755 });
    writeFileSync(join(dataDir, 'backups', 'facturador-20260101-000000.db'), 'an old backup', { mode: 0o644 });
    chmodSync(join(dataDir, 'backups'), 0o755);
    writeFileSync(join(dataDir, FOREIGN), 'lista de compras', { mode: 0o644 });
    expect(readableByOthers(dataDir)).toContain('./facturador.db: 644');

    const t = await startTestServer({ dataDir, delivery: true });
    try {
      expect(readableByOthers(dataDir)).toEqual([]);
      expect(modes(dataDir)).toContain(`./${FOREIGN}: 644`);

      const backup = await t.call('POST', '/backups', { key: t.accountKey });
      expect(backup.status, backup.text).toBe(201);
      const org = seedOrganization(t);
      const created = await t.call('POST', '/archive/exports', { key: org.key, body: { from: '2020-01-01', to: '2020-01-31' } });
      expect(created.status, created.text).toBe(202);
      await expect.poll(async () => (await t.call('GET', `/archive/exports/${created.body.data.id}`, { key: org.key })).body.data.status, { timeout: 20_000 }).toBe('ready');

      const all = modes(dataDir);
      expect(all).toContain(`./backups/${backup.body.data.name}: 600`);
      expect(all.some((line) => /^\.\/exports\/.+: 600$/.test(line))).toBe(true);
      expect(readableByOthers(dataDir)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
