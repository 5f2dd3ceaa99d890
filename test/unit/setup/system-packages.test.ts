/**
 * scripts/system-packages.mjs, npm's `pretest`: on a machine without the programs the tests run, `npm test`
 * says exactly what to install (as a user) or installs it (as root), instead of failing in a hundred tests.
 * A fresh machine is imitated with a PATH that holds only some programs; the root case runs a stand-in
 * apt-get that records its arguments and "installs" into that PATH, because a real install would change
 * this machine (and needs the network).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = join(import.meta.dirname, '../../../scripts/system-packages.mjs');
const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;

let bin: string | undefined;
afterEach(() => {
  if (bin) rmSync(bin, { recursive: true, force: true });
  bin = undefined;
});

/** A PATH folder with node and the named programs of this machine only. */
function freshPath(programs: string[]): string {
  // The run's temporary root (test/temp-root.ts) is private to root, so the unprivileged user of the second
  // test could not enter a folder in it: as root the folder goes in the system's /tmp (and is removed after).
  bin = mkdtempSync(join(isRoot ? '/tmp' : tmpdir(), 'facturador-path-'));
  chmodSync(bin, 0o755);
  symlinkSync(process.execPath, join(bin, 'node'));
  for (const program of programs) symlinkSync(`/usr/bin/${program}`, join(bin, program));
  return bin;
}

// These runs are about the programs: the PostgreSQL server part (scripts/lib/postgres-server.mjs) is left out by
// pointing the tests' server elsewhere (it would look for psql on this bare PATH).
function run(path: string, options: { uid?: number } = {}) {
  return spawnSync(process.execPath, [SCRIPT], { env: { PATH: path, FACTURADOR_TEST_PG: 'postgres://postgres@db.invalid:5432/test' }, encoding: 'utf8', ...options });
}

describe('npm test on a fresh machine (scripts/system-packages.mjs)', () => {
  it('does nothing when every program is there', () => {
    const result = spawnSync(process.execPath, [SCRIPT], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
  });

  it('as a user, stops and names the one apt-get command to run', () => {
    const path = freshPath(['openssl', 'apt-get']);
    const result = run(path, isRoot ? { uid: NOBODY } : {});
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('sudo apt-get update && sudo apt-get install -y --no-install-recommends libxml2-utils xmlsec1 poppler-utils\n');
    expect(result.stderr).toContain('xmllint: XSD validation');
    expect(result.stderr).not.toContain(' openssl'); // present, so not asked for
  });

  it.runIf(isRoot)('as root, updates the package lists, installs what is missing and goes on', () => {
    const path = freshPath(['openssl']);
    const log = join(path, 'apt-get.log');
    // The stand-in: records each call, and "installs" by putting the real programs on the PATH.
    writeFileSync(join(path, 'apt-get'), `#!/bin/sh\necho "$DEBIAN_FRONTEND $*" >> ${log}\n` +
      `case "$1" in install) for p in xmllint xmlsec1 pdftotext pdfinfo pdftoppm; do /bin/ln -s /usr/bin/$p ${path}/$p; done;; esac\n`, { mode: 0o755 });
    const result = run(`${path}`);
    expect(result.stderr).toContain('Installing with apt-get: libxml2-utils xmlsec1 poppler-utils');
    expect(result.status).toBe(0);
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual([
      'noninteractive update -qq',
      'noninteractive install -y -qq --no-install-recommends libxml2-utils xmlsec1 poppler-utils',
    ]);
  });
});
