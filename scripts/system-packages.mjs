// The programs the tests run besides Node (npm's `pretest`, and .ci/run with --keyring), so that
// `npm ci && npm test` works on a fresh Debian or Ubuntu machine: when one is missing, it is installed with
// apt-get if we are root, otherwise the script stops and prints the exact command to run. Nothing else
// is changed on the machine, and when everything is there it does nothing at all.
//
//   node scripts/system-packages.mjs [--keyring]
//
// --keyring adds what test/keyring/run-with-keyring.sh needs (a Secret Service on a private D-Bus); plain
// `npm test` skips those tests without it, so it does not ask for it.
// Last, the PostgreSQL server of the tests' second engine (lib/postgres-server.mjs): left alone when one
// answers on 127.0.0.1:5432, installed and started (root) when none does.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { aptHasChromium, executable, findChromium } from './lib/chromium.mjs';
import { ensurePostgres } from './lib/postgres-server.mjs';

/** Each program, the Debian package that brings it, and what uses it. */
const TEST_PROGRAMS = [
  { program: 'xmllint', pkg: 'libxml2-utils', use: 'XSD validation (the Hacienda simulator)' },
  { program: 'xmlsec1', pkg: 'xmlsec1', use: 'independent signature verification' },
  { program: 'openssl', pkg: 'openssl', use: 'legacy .p12 fixtures' },
  { program: 'pdftotext', pkg: 'poppler-utils', use: 'reading PDFs back' },
  { program: 'pdfinfo', pkg: 'poppler-utils', use: 'PDF page sizes' },
  { program: 'pdftoppm', pkg: 'poppler-utils', use: 'PDF screenshots' },
  { program: '/usr/sbin/dovecot', pkg: 'dovecot-imapd', use: 'a real IMAP server (the supplier-documents inbox)' },
  { program: '/usr/sbin/cupsd', pkg: 'cups-daemon', use: 'a real print spooler (the desktop shell\'s OS printers)' },
  { program: '/usr/bin/lp', pkg: 'cups-client', use: 'raw jobs to an OS printer queue' },
  { program: '/usr/sbin/lpadmin', pkg: 'cups-client', use: 'the test printer queues' },
  // test/e2e/browser.ts drives the one scripts/lib/chromium.mjs finds; Ubuntu has no apt package for it.
  ...(aptHasChromium() ? [{ program: 'chromium', pkg: 'chromium', use: 'the screens\' end-to-end tests' }] : []),
];
const KEYRING_PROGRAMS = [
  { program: 'gnome-keyring-daemon', pkg: 'gnome-keyring', use: 'a real OS keyring for the vault' },
  // `dbus` brings dbus-run-session on Debian and Ubuntu alike; dbus-user-session is the session bus that
  // gnome-keyring depends on, named so that no other one is picked.
  { program: 'dbus-run-session', pkg: 'dbus', use: 'a private session bus' },
  { program: '/usr/share/dbus-1/session.conf', pkg: 'dbus-user-session', use: 'the session bus\'s configuration' },
];

/** Found on PATH (or at its absolute path), as a spawn of the tests would find it. */
function installed(program, path = process.env.PATH ?? '') {
  if (program === 'chromium') return findChromium() !== undefined;
  if (program.startsWith('/')) return program.endsWith('.conf') ? existsSync(program) : executable(program);
  return path.split(delimiter).some((dir) => dir && executable(join(dir, program)));
}

function missingPackages(programs) {
  return [...new Set(programs.filter(({ program }) => !installed(program)).map(({ pkg }) => pkg))];
}

if (!aptHasChromium() && !findChromium()) {
  console.error('Ubuntu ships Chromium only as a snap, which the screens\' end-to-end tests cannot drive: they are skipped. To run them, install Google Chrome\'s .deb or set FACTURADOR_CHROMIUM to a Chromium binary.');
}

const programs = process.argv.includes('--keyring') ? [...TEST_PROGRAMS, ...KEYRING_PROGRAMS] : TEST_PROGRAMS;
const isRoot = process.getuid?.() === 0;

/** Root on Debian/Ubuntu (CI, a fresh container): installs quietly and without questions, or exits. */
function aptInstall(packages) {
  const list = packages.join(' ');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', ...packages]]) {
    const run = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (run.status !== 0) {
      console.error(`apt-get ${args[0]} failed (exit ${run.status ?? run.signal}); install them by hand: apt-get install ${list}`);
      process.exit(1);
    }
  }
}

const missing = missingPackages(programs);
if (missing.length > 0) {
  const list = missing.join(' ');
  const named = programs.filter(({ pkg }) => missing.includes(pkg)).map(({ program, use }) => `  ${program}: ${use}`);
  console.error(`The tests need programs this machine lacks:\n${[...new Set(named)].join('\n')}`);
  if (!isRoot || !installed('apt-get')) {
    console.error(installed('apt-get')
      ? `Install them, then run the tests again:\n  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${list}`
      : `Install them with your system's package manager (Debian/Ubuntu names: ${list}), then run the tests again.`);
    process.exit(1);
  }
  console.error(`Installing with apt-get: ${list}`);
  aptInstall(missing);
  const still = missingPackages(programs);
  if (still.length > 0) {
    console.error(`Still missing after apt-get: ${still.join(' ')}`);
    process.exit(1);
  }
}

await ensurePostgres({ isRoot: isRoot && installed('apt-get'), aptInstall });
