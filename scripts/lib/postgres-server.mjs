// The PostgreSQL server the tests use (test/helpers/postgres.ts: postgres://postgres@127.0.0.1:5432/test,
// trust authentication): scripts/system-packages.mjs calls `ensurePostgres()`. When a server already answers
// there with those credentials nothing is touched. When none answers, Debian's `postgresql` is installed
// (root only) and its cluster started without systemd (containers have none); only a cluster this script
// started gets a trust line for 127.0.0.1 and the database `test`. A server that answers but refuses the
// test's credentials is someone's configured server: the script says what to do instead of changing it.
// FACTURADOR_TEST_PG pointing elsewhere turns all of this off.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';

const HOST = '127.0.0.1';
const PORT = 5432;
const DEFAULT_URL = `postgres://postgres@${HOST}:${PORT}/test`;

/** Whether something accepts TCP connections on 127.0.0.1:5432. */
function answers(timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = connect({ host: HOST, port: PORT });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const run = (command, args, options = {}) => spawnSync(command, args, { encoding: 'utf8', ...options });

/** `select 1` as the tests connect (psql with no password: trust); the error text when it fails. */
function testLogin(database = 'test') {
  const result = run('psql', ['-h', HOST, '-p', String(PORT), '-U', 'postgres', '-d', database, '-w', '-Atc', 'select 1']);
  if (result.error) return { ok: false, error: result.error.message };
  return { ok: result.status === 0 && result.stdout.trim() === '1', error: (result.stderr ?? '').trim() };
}

/** Debian's clusters (pg_lsclusters): version, name, port, status. */
function clusters() {
  const result = run('pg_lsclusters', ['--no-header']);
  if (result.status !== 0) return [];
  return result.stdout.split('\n').filter(Boolean).map((line) => {
    const [version, name, port, status] = line.trim().split(/\s+/);
    return { version, name, port: Number(port), status };
  });
}

function installedVersions() {
  return existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').filter((v) => existsSync(`/usr/lib/postgresql/${v}/bin/postgres`)) : [];
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

/** As user postgres over the Unix socket (peer authentication, Debian's default for it). */
function asPostgres(sql, database = 'postgres') {
  return run('runuser', ['-u', 'postgres', '--', 'psql', '-d', database, '-Atc', sql]);
}

/** A trust line for role postgres from 127.0.0.1, first in pg_hba.conf so that it wins over scram. */
function trustLoopback(cluster) {
  const file = `/etc/postgresql/${cluster.version}/${cluster.name}/pg_hba.conf`;
  const line = 'host all postgres 127.0.0.1/32 trust # facturador tests (scripts/lib/postgres-server.mjs)';
  const text = readFileSync(file, 'utf8');
  if (text.includes(line)) return;
  writeFileSync(file, `${line}\n${text}`);
  run('pg_ctlcluster', ['--skip-systemctl-redirect', cluster.version, cluster.name, 'reload'], { stdio: 'inherit' });
}

/**
 * @param {{ isRoot: boolean, aptInstall: (packages: string[]) => void }} machine
 */
export async function ensurePostgres({ isRoot, aptInstall }) {
  const configured = process.env.FACTURADOR_TEST_PG;
  if (configured && configured !== DEFAULT_URL) return; // someone else's server: theirs to run
  if (await answers()) {
    // The server is there; its client (psql, pg_dump for `facturador backup`) may not be.
    if (run('psql', ['--version']).error) {
      if (!isRoot) fail('A PostgreSQL server answers on 127.0.0.1:5432 but its client tools are missing: sudo apt-get install -y postgresql-client');
      aptInstall(['postgresql-client']);
    }
    const login = testLogin();
    if (login.ok) return;
    if (/database "test" does not exist/.test(login.error) && testLogin('postgres').ok) {
      const created = run('psql', ['-h', HOST, '-U', 'postgres', '-d', 'postgres', '-w', '-c', 'CREATE DATABASE test']);
      if (created.status === 0) return;
    }
    fail(`A PostgreSQL server answers on ${HOST}:${PORT} but not as the tests connect (${DEFAULT_URL}, no password): ${login.error}\n` +
      'Let role postgres in from 127.0.0.1 (pg_hba.conf: "host all postgres 127.0.0.1/32 trust") and create database test, ' +
      'or set FACTURADOR_TEST_PG to a URL of a server the tests may create and drop databases on.');
  }
  if (!isRoot) {
    fail(`The tests need a PostgreSQL server on ${HOST}:${PORT} (role postgres, trust, database test). On Debian/Ubuntu:\n` +
      '  sudo apt-get install -y postgresql postgresql-client && sudo pg_ctlcluster --skip-systemctl-redirect <version> main start\n' +
      'then let role postgres in from 127.0.0.1 with trust and create database test (docs/postgresql.md, "Tests").');
  }
  if (installedVersions().length === 0 || run('psql', ['--version']).status !== 0) {
    console.error('Installing PostgreSQL with apt-get: postgresql postgresql-client');
    aptInstall(['postgresql', 'postgresql-client']);
  }
  let cluster = clusters().find((c) => c.port === PORT) ?? clusters()[0];
  if (!cluster) {
    const version = installedVersions().sort((a, b) => Number(b) - Number(a))[0];
    if (!version) fail('PostgreSQL was installed but no server version is found under /usr/lib/postgresql');
    const created = run('pg_createcluster', [version, 'main', '--port', String(PORT)], { stdio: 'inherit' });
    if (created.status !== 0) fail(`pg_createcluster ${version} main failed`);
    cluster = { version, name: 'main', port: PORT, status: 'down' };
  }
  if (cluster.port !== PORT) fail(`The PostgreSQL cluster ${cluster.version}/${cluster.name} listens on port ${cluster.port}, not ${PORT}: set FACTURADOR_TEST_PG to postgres://postgres@${HOST}:${cluster.port}/test`);
  if (cluster.status !== 'online') {
    // --skip-systemctl-redirect: a container has no systemd, and a machine with one is not asked to run it.
    const started = run('pg_ctlcluster', ['--skip-systemctl-redirect', cluster.version, cluster.name, 'start'], { stdio: 'inherit' });
    if (started.status !== 0) fail(`pg_ctlcluster ${cluster.version} ${cluster.name} start failed`);
  }
  trustLoopback(cluster);
  if (asPostgres("SELECT 1 FROM pg_database WHERE datname = 'test'").stdout.trim() !== '1') {
    const created = asPostgres('CREATE DATABASE test');
    if (created.status !== 0) fail(`could not create database test: ${created.stderr}`);
  }
  const login = testLogin();
  if (!login.ok) fail(`PostgreSQL was started but the tests still cannot connect: ${login.error}`);
  console.error(`PostgreSQL ${cluster.version} is running on ${HOST}:${PORT} for the tests.`);
}
