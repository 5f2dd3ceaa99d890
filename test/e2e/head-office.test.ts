/**
 * Settings → Casa matriz in headless Chromium (docs/replication.md, "La caja"): the owner pairs the till with a
 * real head office (PostgreSQL) using the code it made, sees where it reports and nothing left waiting once
 * the till's ticket went, syncs now, and unlinks after a confirmation.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useE2eSession } from './session.ts';
import { startHeadOffice, type HeadOffice } from '../helpers/head-office.ts';
import { exampleRequest } from '../fixtures/example-requests.ts';

const e2e = useE2eSession();
let office: HeadOffice;
beforeAll(async () => {
  office = await startHeadOffice();
}, 60_000);
afterAll(async () => office?.close());

it('pairs the till with the head office, shows the link, syncs and unlinks', async () => {
  const { page, t, org } = e2e;
  const issued = await t.call('POST', '/electronic-documents', { key: org.key, body: exampleRequest('04-tiquete', new Date(Date.now() - 60_000)) });
  expect(issued.status).toBe(201);
  const code = (await office.call('POST', '/tills/pairing-codes', { label: 'Caja 1' })).body.data.code as string;

  await page.goto(`${t.url}/#settings`);
  await page.getByTestId('settings-tab-head-office').click();
  const section = page.getByTestId('settings-head-office');
  await section.getByTestId('head-office-url').fill(office.url);
  await section.getByTestId('head-office-code').fill(code.toLowerCase());
  await section.getByTestId('head-office-name').fill('Caja 1');
  await section.getByTestId('head-office-pair').click();
  await section.getByText('Esta caja reporta a Casa Matriz del Valle', { exact: false }).waitFor({ timeout: 20_000 });

  // The ticket goes within seconds; the panel refreshes by itself, "Sincronizar ahora" at once.
  await expect.poll(async () => (await office.call('GET', '/tills')).body.data[0]?.documents_received, { timeout: 20_000 }).toBe(1);
  await section.getByTestId('head-office-sync').click();
  await expect.poll(() => section.getByTestId('head-office-pending').innerText(), { timeout: 20_000 }).toBe('0');
  await e2e.screenshot('settings-head-office.png');

  await section.getByTestId('head-office-unlink').click();
  await section.getByTestId('head-office-unlink-submit').click();
  await section.getByTestId('head-office-pair').waitFor();
  expect((await t.call('GET', '/settings/head-office', { key: org.key })).body.data.linked).toBe(false);
}, 90_000);
