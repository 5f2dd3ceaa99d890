/**
 * Going live without a terminal, in headless Chromium: a shop issuing in the sandbox sees PRUEBAS on the
 * counter; in Settings → Ambiente the owner asks to go live and is told what is missing, stores the
 * production certificate and ATV credentials right there, confirms in the dialog that says what going
 * live means, and the PRUEBAS mark is gone from every screen — the licence set as the CLI would.
 */
import { expect, it } from 'vitest';
import { SIMULATOR_PASSWORD, SIMULATOR_USER } from '../api/harness.ts';
import { makeTestP12, TEST_PIN } from '../fixtures/certificates.ts';
import { useE2eSession } from './session.ts';

const e2e = useE2eSession();

it('shows PRUEBAS on the counter while the shop issues in the sandbox', async () => {
  const { page } = e2e;
  await page.getByTestId('search').waitFor();
  const mark = page.getByTestId('sandbox-mark');
  await expect.poll(() => mark.innerText()).toMatch(/^PRUEBAS\s+sin valor fiscal$/);
  // On every screen, not only the counter.
  await page.keyboard.press('Alt+2');
  await page.locator('h2', { hasText: 'Comprobantes' }).waitFor();
  expect(await mark.isVisible()).toBe(true);
}, 30_000);

it('takes the owner live from Settings once the production certificate and credentials are stored', async () => {
  const { page, t } = e2e;
  await page.goto(`${t.url}/#settings`);
  await page.getByTestId('settings-tab-environment').click();
  const section = page.getByTestId('settings-environment');
  await expect.poll(() => section.getAttribute('data-environment')).toBe('staging');

  // Asked too early: each missing thing named in the shopkeeper's words, and the form to fix it.
  await page.getByTestId('go-live-start').click();
  const missing = page.getByTestId('go-live-missing');
  await missing.waitFor();
  const text = await missing.innerText();
  expect(text).toContain('Certificado de firma de producción: No hay certificado de firma de producción');
  expect(text).toContain('Credenciales ATV de producción: Faltan el usuario y la contraseña ATV de producción.');
  expect((await t.call('GET', '/account', { key: t.accountKey })).body.data).toMatchObject({ plan: 'sandbox', status: 'sandbox' });

  const upload = page.getByTestId('go-live-upload');
  await upload.getByTestId('certificate-file').setInputFiles({ name: 'produccion.p12', mimeType: 'application/x-pkcs12', buffer: makeTestP12({ pin: TEST_PIN, algorithm: '3des' }) });
  await upload.getByTestId('certificate-pin').fill(TEST_PIN);
  await upload.getByTestId('certificate-atv-user').fill(SIMULATOR_USER);
  await upload.getByTestId('certificate-atv-password').fill(SIMULATOR_PASSWORD);
  await e2e.screenshot('settings-environment.png');
  await upload.getByTestId('certificate-submit').click();

  // Stored and checked again: ready, so the confirmation opens, its safe button focused.
  const dialog = page.getByTestId('go-live-dialog');
  await dialog.waitFor({ timeout: 15_000 });
  const says = await dialog.innerText();
  for (const expected of ['¿Activar producción?', 'comprobantes reales', 'solo se anula con una nota de crédito', 'Los consecutivos de producción empiezan en 1', 'La marca PRUEBAS desaparece']) {
    expect(says).toContain(expected);
  }
  // Focused once the check that opened it has finished (its buttons enabled).
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancelar');
  expect(await page.getByTestId('sandbox-mark').isVisible()).toBe(true);
  await e2e.screenshot('go-live.png');

  // Esc closes it without going live; asked again, it opens again.
  await page.keyboard.press('Escape');
  expect(await dialog.count()).toBe(0);
  expect((await t.call('GET', '/account', { key: t.accountKey })).body.data.status).toBe('sandbox');
  await page.getByTestId('go-live-start').click();
  await page.getByTestId('go-live-confirm').click();

  await page.getByTestId('go-live-done').waitFor();
  expect(await section.getAttribute('data-environment')).toBe('production');
  expect(await page.getByTestId('sandbox-mark').count()).toBe(0);
  // The licence as `facturador account set-plan starter` and `set-status active` leave it.
  expect((await t.call('GET', '/account', { key: t.accountKey })).body.data).toMatchObject({ plan: 'starter', status: 'active' });

  // The counter, with no PRUEBAS mark.
  await page.keyboard.press('Alt+1');
  await page.getByTestId('search').waitFor();
  expect(await page.getByTestId('sandbox-mark').count()).toBe(0);
}, 60_000);
