/**
 * Settings → Cajas of a head office in headless Chromium (docs/replication.md, "The screen"): the owner makes a
 * pairing code, shown once with its expiry; a till pairs with it and sends a document; the panel lists the till
 * with what it sent, the Documents screen names the till, and unpairing after a confirmation revokes the key.
 */
import { expect, it } from 'vitest';
import { useE2eSession } from './session.ts';
import { giveCertificate, seedOrganization, startTestServer } from '../api/harness.ts';
import { issueAtTill, wireOf } from '../api/replication-fixtures.ts';

const e2e = useE2eSession();

it('makes a code, lists the paired till and its documents, and unpairs it', async () => {
  const { page, t, org } = e2e;
  await page.goto(`${t.url}/#settings`);
  await page.getByTestId('settings-tab-tills').click();
  const section = page.getByTestId('settings-tills');
  await section.getByText('Aún no hay cajas enlazadas.').waitFor();
  await section.getByTestId('till-label').fill('Sucursal 2 · Caja 3');
  await section.getByTestId('till-make-code').click();
  const shown = section.getByTestId('till-code');
  await shown.waitFor();
  const code = (await shown.locator('strong').innerText()).trim();
  expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
  expect(await shown.innerText()).toContain('Sirve una sola vez');

  // A till of the same taxpayer pairs with the code and sends one document.
  const till = await startTestServer();
  try {
    const tillOrg = seedOrganization(till, { identificationNumber: org.row.identificationNumber });
    await giveCertificate(till, tillOrg);
    const row = await issueAtTill(till, tillOrg);
    const paired = await t.call('POST', '/tills/pair', { body: { code, name: 'Sucursal 2 · Caja 3', branch: '002', terminal: '00003', identification_number: org.row.identificationNumber } });
    expect(paired.status, paired.text).toBe(201);
    const sent = await t.call('POST', '/replication/documents', { key: paired.body.data.token, body: { documents: [wireOf(row)] } });
    expect(sent.body.data.results[0].outcome).toBe('stored');

    await page.goto(`${t.url}/#documents`);
    await page.getByTestId('document-till').first().waitFor();
    expect(await page.getByTestId('document-till').allInnerTexts()).toContain('Sucursal 2 · Caja 3');

    await page.goto(`${t.url}/#settings`);
    await page.getByTestId('settings-tab-tills').click();
    const listed = section.locator(`tr[data-till="${paired.body.data.till_id}"]`);
    await listed.waitFor();
    expect(await listed.innerText()).toMatch(/Sucursal 2 · Caja 3\s+002 \/ 00003[\s\S]*1/);
    await e2e.screenshot('settings-tills.png');

    await listed.getByTestId('till-unpair').click();
    await section.getByTestId('till-unpair-submit').click();
    await section.getByText('Aún no hay cajas enlazadas.').waitFor();
    const refused = await t.call('GET', '/replication/changes', { key: paired.body.data.token });
    expect(refused.status).toBe(401);
  } finally {
    await till.close();
  }
}, 90_000);
