/**
 * vitest globalSetup: every test run gets its own temporary folder (TMPDIR, which os.tmpdir() reads, and
 * which the test forks and the servers they spawn inherit), and at the end the run fails when a
 * `facturador-*` folder or file is still in it — a test that did not remove what it made (data
 * directories hold vault key files). Runs in parallel (other checkouts, other engineers) never see each
 * other's folders, so the comparison is exact; the run's folder itself is removed either way.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  // Each project of the matrix (vitest.config.ts) runs this setup: the first makes the run's folder and checks
  // it at the end, the others share it.
  if (process.env['FACTURADOR_TEST_RUN_ROOT']) return () => {};
  const outer = process.env['TMPDIR'];
  const root = mkdtempSync(join(tmpdir(), 'facturador-test-run-'));
  process.env['TMPDIR'] = root;
  process.env['FACTURADOR_TEST_RUN_ROOT'] = root;
  return () => {
    delete process.env['FACTURADOR_TEST_RUN_ROOT'];
    const left = readdirSync(root).filter((name) => name.startsWith('facturador-'));
    if (outer === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = outer;
    rmSync(root, { recursive: true, force: true });
    if (left.length === 0) return;
    // vitest only logs an error thrown here: the exit code is what CI and the coordinator look at.
    process.exitCode = 1;
    throw new Error(`tests left ${left.length} temporary folder(s) behind: ${left.join(', ')}; remove what a test creates (afterAll)`);
  };
}
