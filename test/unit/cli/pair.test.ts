/**
 * `facturador pair` against a real head office (PostgreSQL) for the data directory of a running till: a wrong
 * code exits 1 with the head office's reason; the right one links the till, which the till's own API then
 * shows (docs/replication.md).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedOrganization, startTestServer, type SeededOrganization, type TestServer } from '../../api/harness.ts';
import { startHeadOffice, type HeadOffice } from '../../helpers/head-office.ts';
import { prepareCliDataDir, type CliDataDir } from './cli-data-dir.ts';

let cli: CliDataDir;
let till: TestServer;
let org: SeededOrganization;
let office: HeadOffice;
const run = (...args: string[]) => cli.run(...args);

beforeAll(async () => {
  cli = prepareCliDataDir('facturador-pair-');
  till = await startTestServer({ dataDir: cli.dataDir });
  org = seedOrganization(till);
  office = await startHeadOffice();
}, 60_000);
afterAll(async () => {
  await till?.close();
  await office?.close();
  cli.cleanUp();
});

it('pairs the till of the data directory with the head office', async () => {
  const wrong = await run('pair', '--url', office.url, '--code', 'ZZZZ-ZZZZ');
  expect(wrong.code).toBe(1);
  expect(wrong.stderr).toMatch(/pairing_code_invalid/);
  expect((await run('pair', '--url', office.url)).code).toBe(2);

  const code = (await office.call('POST', '/tills/pairing-codes', { label: 'Caja 3' })).body.data.code as string;
  const paired = await run('pair', '--url', office.url, '--code', code, '--name', 'Caja 3', '--organization', org.uuid);
  expect(paired.code, paired.stderr).toBe(0);
  expect(paired.stdout).toMatch(/^paired with .+ \(till \d+\)/);
  const status = await till.call('GET', '/settings/head-office', { key: org.key });
  expect(status.body.data).toMatchObject({ linked: true, url: office.url });
});
