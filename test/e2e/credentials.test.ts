/**
 * Tax-authority credentials and backups, in headless Chromium against the real server and the simulator's
 * IdP: a wrong ATV password is refused on the certificate screen with the reason next to the field; one
 * stored while the IdP was down and then refused at delivery shows the Spanish banner and the document says
 * why it waits, until the password is corrected; a backup downloaded from Settings is restored there, with
 * the typed confirmation, and the app comes back with its records.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useE2eSession } from './session.ts';
import { SIMULATOR_PASSWORD, SIMULATOR_USER } from '../api/harness.ts';
import { makeTestP12, TEST_PIN } from '../fixtures/certificates.ts';
import { exampleRequest } from '../fixtures/example-requests.ts';
import { backupsDir } from '../../src/backup/backup-files.ts';

const e2e = useE2eSession();
const p12 = makeTestP12({ pin: TEST_PIN, algorithm: '3des' });

/** Fills the certificate form with the .p12, its PIN, the simulator's ATV user and `password`, and sends it. */
async function uploadCertificate(page: Page, password: string): Promise<void> {
  await page.getByTestId('nav-certificate').click();
  await page.getByTestId('certificate-form').waitFor();
  await page.getByTestId('certificate-file').setInputFiles({ name: 'firma.p12', mimeType: 'application/x-pkcs12', buffer: p12 });
  await page.getByTestId('certificate-pin').fill(TEST_PIN);
  await page.getByTestId('certificate-atv-user').fill(SIMULATOR_USER);
  await page.getByTestId('certificate-atv-password').fill(password);
  await page.getByTestId('certificate-submit').click();
}

it('refuses a wrong ATV password on the certificate screen, next to the field', async () => {
  const { page } = e2e;
  await uploadCertificate(page, 'contraseña-equivocada');
  const refusal = page.getByTestId('certificate-atv-password-error');
  await refusal.waitFor();
  expect(await refusal.innerText()).toMatch(/^Hacienda no acepta este usuario con esta contraseña: revíselos en ATV/);
  // The field is marked and focused, the form keeps what was typed, and nothing says "saved".
  const field = page.getByTestId('certificate-atv-password');
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await page.getByTestId('certificate-uploaded').count()).toBe(0);
  await e2e.screenshot('certificate.png');
  // Typing again takes the refusal away.
  await field.fill(SIMULATOR_PASSWORD);
  expect(await refusal.count()).toBe(0);
});

it('shows the Spanish banner when the tax authority refuses the credentials at delivery, and why the document waits', async () => {
  const { page, simulator, t, org } = e2e;
  // Saved while the IdP is down: unchecked, with a warning on screen.
  simulator.faults = { down: true };
  try {
    await uploadCertificate(page, 'contraseña-vieja');
    await page.getByTestId('certificate-unverified').waitFor();
  } finally {
    simulator.faults = {};
  }
  const issued = await t.call('POST', '/electronic-documents', { key: org.key, body: exampleRequest('04-tiquete', new Date(Date.now() - 60_000)) });
  expect(issued.status).toBe(201);

  const banner = page.getByTestId('credentials-banner');
  await banner.waitFor({ timeout: 20_000 });
  expect(await banner.innerText()).toMatch(/^Hacienda rechazó el usuario o la contraseña de ATV: corríjalos en Certificado\./);

  await page.getByTestId('nav-documents').click();
  await page.locator(`tr[data-key="${issued.body.data.document_key}"]`).click();
  const reason = page.getByTestId('document-detail').getByTestId('hacienda-message');
  await expect.poll(() => reason.getAttribute('data-problem')).toBe('credentials_rejected');
  expect(await reason.innerText()).toMatch(/^En espera: Hacienda rechazó el usuario o la contraseña de ATV\. Corríjalos en Certificado/);
  expect(await reason.innerText()).not.toContain('invalid_grant');
  // In English, the document's type and the reason are English too.
  const heading = page.getByTestId('document-detail').locator('h3');
  expect(await heading.innerText()).toMatch(/^Tiquete electrónico /);
  await page.getByRole('button', { name: 'English' }).click();
  expect(await heading.innerText()).toMatch(/^Electronic ticket /);
  expect(await reason.innerText()).toMatch(/^Waiting: the tax authority refused the ATV user or password/);
  expect(await banner.innerText()).toMatch(/^The tax authority refused the ATV user or password: correct them in Certificate\./);
  await page.getByRole('button', { name: 'Español' }).click();

  // The banner leads to the certificate screen; the right password ends it and the ticket goes.
  await banner.getByRole('link').click();
  await uploadCertificate(page, SIMULATOR_PASSWORD);
  await page.getByTestId('certificate-uploaded').waitFor();
  // The certificate form asks the status again at once; a loaded machine may take a few polls (5 s each).
  await banner.waitFor({ state: 'detached', timeout: 20_000 });
  await expect.poll(async () => (await t.call('GET', `/electronic-documents/${issued.body.data.document_key}`, { key: org.key })).body.data.status, { timeout: 10_000 }).toBe('accepted');
}, 60_000);

it('downloads a backup from Settings and restores it there after the typed confirmation', async () => {
  const { page, t, org } = e2e;
  const name = async () => (await t.call('GET', '/organizations/me', { key: org.key })).body.data.name as string;
  const before = await name();
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-tab-backups').click();
  await page.getByRole('button', { name: 'Respaldar ahora' }).click();
  const row = page.getByTestId('backups').locator('tbody tr').first();
  await row.waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('backup-download').click()]);
  const file = await download.path();
  expect(statSync(file).size).toBe(statSync(join(backupsDir(t.dataDir), download.suggestedFilename())).size);

  // A change after the backup, which the restore takes back.
  expect((await t.call('PUT', '/organizations/me', { key: org.key, body: { name: 'Soda La Esquina' } })).status).toBe(200);

  // The downloaded file, from this computer: asked first, restored only with the word typed.
  await page.getByTestId('restore-file').setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/vnd.sqlite3', buffer: readFileSync(file) });
  const confirm = page.getByTestId('restore-confirm');
  expect(await confirm.innerText()).toContain(`¿Reemplazar todos los datos con los de ${download.suggestedFilename()}?`);
  expect(await page.getByTestId('restore-submit').isDisabled()).toBe(true);
  await page.getByTestId('restore-word').fill('restaurar');
  await page.getByTestId('restore-submit').click();
  const result = page.getByTestId('restore-result');
  await result.waitFor({ timeout: 20_000 });
  expect(await result.innerText()).toMatch(new RegExp(`^Restaurado ${download.suggestedFilename().replace(/\./g, '\\.')}: \\d+ registros\\. Lo que había antes quedó en facturador-before-restore-`));
  expect(await page.getByTestId('backups').locator('tr[data-backup^="facturador-before-restore-"]').count()).toBe(1);
  await e2e.screenshot('backups.png');

  expect(await name()).toBe(before);
  // The app reloads with the restored records, still signed in.
  await page.getByTestId('restore-reload').click();
  await page.getByTestId('nav-settings').waitFor();
  await page.getByTestId('nav-certificate').click();
  await page.getByTestId('certificate-staging').waitFor();
});
