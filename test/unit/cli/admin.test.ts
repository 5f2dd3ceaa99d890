/**
 * The local administrator's commands against the data directory of a running server: `keys create`
 * prints only the secret, and that secret works; `account set-plan` / `set-status` change what /account
 * shows and reject unknown values.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganization, startTestServer, type TestServer } from '../../api/harness.ts';
import { prepareCliDataDir, type CliDataDir } from './cli-data-dir.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
let cli: CliDataDir;
let t: TestServer;
const run = (...args: string[]) => cli.run(...args);

beforeAll(async () => {
  // The same master key as the server, and no OS keyring touched by the tests.
  cli = prepareCliDataDir('facturador-admin-');
  t = await startTestServer({ dataDir: cli.dataDir });
});
afterAll(async () => {
  await t.close();
  cli.cleanUp();
});

describe('facturador keys create', () => {
  it('prints only the secret, and the running server accepts it as an account key', async () => {
    const { code, stdout, stderr } = await run('keys', 'create', '--name', 'Administración', '--mode', 'test');
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^fct_test_[A-Za-z0-9]{40}$/);
    const res = await t.call('GET', '/auth/me', { key: stdout });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ key: { name: 'Administración', mode: 'test' }, abilities: ['account:manage'], organization: null });
    expect((await t.call('GET', '/account', { key: stdout })).status).toBe(200);
  });

  it('prints nothing but the secret on the real stdout, even when the start-up logs a warning', () => {
    const fresh = mkdtempSync(join(tmpdir(), 'facturador-admin-fresh-'));
    try {
      const env = { ...process.env, FACTURADOR_MASTER_KEY: '', LOG_LEVEL: 'info' }; // key-file warning + migration log
      const stdout = execFileSync(process.execPath, [join(root, 'bin/facturador.js'), 'keys', 'create', '--name', 'x', '--mode', 'test', '--data-dir', fresh], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      expect(stdout).toMatch(/^fct_test_[A-Za-z0-9]{40}\n$/);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('creates an organization key with the abilities asked for', async () => {
    const org = seedOrganization(t);
    const { code, stdout } = await run('keys', 'create', '--name', 'Caja', '--mode', 'test', '--organization', org.uuid, '--abilities', 'invoices:read, invoices:write');
    expect(code).toBe(0);
    const me = await t.call('GET', '/auth/me', { key: stdout });
    expect(me.body.data).toMatchObject({ abilities: ['invoices:read', 'invoices:write'], organization: { id: org.uuid } });
  });

  it.each([
    [['--mode', 'test'], /--name/],
    [['--name', 'x', '--mode', 'prod'], /--mode test or --mode live/],
    [['--name', 'x', '--mode', 'test', '--expires', '2020-01-01T00:00:00Z'], /future/],
    [['--name', 'x', '--mode', 'test', '--organization', '00000000-0000-4000-8000-000000000000'], /no organization/],
    [['--name', 'x', '--mode', 'test', '--abilities', 'invoices:read'], /unknown abilities for this key kind: invoices:read/],
  ])('refuses %j with exit 2 and a message on stderr only', async (args, message) => {
    const { code, stdout, stderr } = await run('keys', 'create', ...args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
  });
});

describe('facturador account set-plan / set-status', () => {
  const account = async () => (await t.call('GET', '/account', { key: t.accountKey })).body.data;

  it('changes the plan and the status that /account shows', async () => {
    const plan = await run('account', 'set-plan', 'business');
    expect(plan.code).toBe(0);
    expect(plan.stdout).toMatch(/plan business/);
    expect(await account()).toMatchObject({ plan: 'business' });
    expect((await run('account', 'set-status', 'active')).code).toBe(0);
    expect(await account()).toMatchObject({ plan: 'business', status: 'active' });
  });

  it('rejects unknown plans and statuses, naming the valid ones, and changes nothing', async () => {
    const before = await account();
    const plan = await run('account', 'set-plan', 'platinum');
    expect(plan.code).toBe(2);
    expect(plan.stderr).toMatch(/plan must be one of: sandbox, starter, business, unlimited/);
    const status = await run('account', 'set-status', 'frozen');
    expect(status.code).toBe(2);
    expect(status.stderr).toMatch(/status must be one of: sandbox, active, past_due, canceled/);
    expect((await run('account', 'set-plan')).code).toBe(2);
    expect(await account()).toEqual(before);
  });

  it('lets live keys work once the administrator activates a paid plan', async () => {
    const org = seedOrganization(t, { identificationNumber: '3101000777' }, { mode: 'live' });
    await run('account', 'set-status', 'sandbox');
    expect((await t.call('GET', '/auth/me', { key: org.key })).body.error.code).toBe('plan_required');
    await run('account', 'set-plan', 'starter');
    await run('account', 'set-status', 'active');
    expect((await t.call('GET', '/auth/me', { key: org.key })).status).toBe(200);
  });
});
