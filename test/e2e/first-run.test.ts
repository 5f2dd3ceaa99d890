/**
 * The first run in headless Chromium against a fresh server (no organization) delivering to the local
 * tax-authority simulator: sign in → the wizard creates the organization, its location and activity →
 * uploads the .p12 with PIN and ATV credentials → issues a test ticket in the sandbox and sees it accepted
 * → lands on the counter. Then the certificate, settings and API-key screens on the same installation.
 * Mostly by keyboard (Enter submits each step; focus moves to what comes next); the page's
 * Content-Security-Policy stays unviolated throughout.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { SIMULATOR_PASSWORD, SIMULATOR_USER } from '../api/harness.ts';
import { LEAF_SERIAL_DECIMAL, makeTestP12, TEST_PIN } from '../fixtures/certificates.ts';
import { useE2eSession } from './session.ts';

const LOGO = new URL('../../resources/build/icon.png', import.meta.url);

// No organization: the wizard creates it. Not signed in yet: the page is watched from its first load on.
const e2e = useE2eSession({ organization: false, signIn: false });
/** Uncaught errors of the page and Content-Security-Policy violations: none is expected. (A 403 is logged too: not counted.) */
const pageProblems: string[] = [];

beforeAll(() => {
  e2e.page.on('pageerror', (error) => pageProblems.push(error.message));
  e2e.page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) pageProblems.push(message.text());
  });
});

/** GET an /api/v1 route as the page does (the session cookie), for checking what the server stored. */
async function pageGet<T>(path: string): Promise<T> {
  return e2e.page.evaluate(async (p) => (await (await fetch(`/api/v1${p}`, { credentials: 'same-origin' })).json()).data, path) as Promise<T>;
}

/** Waits for a wizard step; a refusal on the way fails with the alert's words instead of a bare time-out. */
async function reachStep(step: string): Promise<void> {
  try {
    await e2e.page.locator(`[data-testid="setup-wizard"][data-step="${step}"]`).waitFor({ timeout: 15_000 });
  } catch {
    throw new Error(`wizard step ${step} not reached; alerts: ${(await e2e.page.locator('[role="alert"]').allInnerTexts()).join(' | ')}`);
  }
}

it('takes a fresh install from nothing to an accepted test ticket, then opens the counter', async () => {
  const { page, t, simulator } = e2e;
  await e2e.signIn();

  // No organization: the wizard, in Spanish, with the first field focused.
  await reachStep('organization');
  expect(await page.getByTestId('setup-wizard').locator('h1').innerText()).toBe('Primeros pasos');
  expect(await page.getByTestId('org-name').evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type('TecnoValle');
  await page.getByTestId('org-legal_name').fill('Soluciones Tecnológicas del Valle S.A.');
  await page.getByTestId('org-identification_type').selectOption('02');
  await page.getByTestId('org-identification_number').fill('3-101-123456');
  await page.getByTestId('org-email').fill('facturas@tecnovalle.example.cr');
  await page.keyboard.press('Enter');

  await reachStep('location');
  const organizations = (await t.call('GET', '/organizations', { key: t.accountKey })).body.data;
  expect(organizations).toEqual([expect.objectContaining({ name: 'TecnoValle', identification_type: '02', identification_number: '3101123456' })]);

  // Location and activity: the activity's name from the official list, the pickers from the location table.
  await page.getByTestId('activity').fill('721001');
  await expect.poll(() => page.locator('[data-testid="setup-location"] .hint').innerText()).toBe('CONSULTORES INFORMATICOS');
  await page.getByTestId('address-province').selectOption('1');
  await page.getByTestId('address-canton').selectOption('01');
  await page.getByTestId('address-district').selectOption('01');
  await page.getByTestId('address-details').fill('Avenida 7, calles 3 y 5, edificio azul');
  await e2e.screenshot('first-run.png');
  await page.keyboard.press('Enter');

  await reachStep('certificate');
  expect(await pageGet('/organizations/me')).toMatchObject({
    economic_activities: ['721001'],
    address: { province: '1', canton: '01', district: '01', details: 'Avenida 7, calles 3 y 5, edificio azul' },
  });

  // The certificate: the .p12 through the file input, its PIN, the sandbox ATV user and password.
  await page.getByTestId('certificate-file').setInputFiles({ name: 'firma.p12', mimeType: 'application/x-pkcs12', buffer: makeTestP12({ pin: TEST_PIN, algorithm: '3des' }) });
  await page.getByTestId('certificate-pin').fill(TEST_PIN);
  await page.getByTestId('certificate-atv-user').fill(SIMULATOR_USER);
  await page.getByTestId('certificate-atv-password').fill(SIMULATOR_PASSWORD);
  await page.keyboard.press('Enter');

  await reachStep('ticket');
  expect(await pageGet('/organizations/me/certificate')).toMatchObject({
    default_environment: 'staging',
    staging: { has_certificate: true, has_credentials: true, certificate: { serial_number: LEAF_SERIAL_DECIMAL, is_expired: false } },
  });

  // The last step says the tickets are sandbox ones until production is activated, as the top bar does.
  expect(await page.getByTestId('sandbox-notice').innerText()).toMatch(/^PRUEBAS Mientras no active producción, cada tiquete de la caja es de prueba/);
  expect(await page.getByTestId('sandbox-mark').innerText()).toMatch(/^PRUEBAS/);
  // The test ticket: Enter on the focused button, then the tax authority's verdict.
  await expect.poll(() => page.getByTestId('setup-issue').evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  await page.locator('[data-testid="setup-ticket-status"] [data-status="accepted"], [data-testid="setup-ticket"] [role="alert"]').first().waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('setup-ticket').locator('[role="alert"]').allInnerTexts()).toEqual([]);
  expect(simulator.received()).toHaveLength(1);
  const documents = await pageGet<{ document_type: string; status: string }[]>('/documents');
  expect(documents).toEqual([expect.objectContaining({ document_type: '04', status: 'accepted' })]);

  // The focus moved to "Ir a la caja": Enter lands on the counter, which does not ask for the location again.
  await expect.poll(() => page.getByTestId('setup-finish').evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  await page.getByTestId('search').waitFor();
  expect(new URL(page.url()).hash).toBe('#counter');
  expect(await page.getByTestId('setup-wizard').count()).toBe(0);
  expect(await page.getByTestId('issuer-address').count()).toBe(0);

  // A reload opens the counter straight away: the wizard is over.
  await page.reload();
  await page.getByTestId('search').waitFor();
  expect(await page.getByTestId('setup-wizard').count()).toBe(0);
}, 120_000);

it('shows the certificate stored per environment, with holder and expiry', async () => {
  const { page } = e2e;
  await page.keyboard.press('Alt+7');
  const staging = page.getByTestId('certificate-staging');
  await expect.poll(() => staging.getByTestId('certificate-subject').innerText()).toContain('EMPRESA DE PRUEBA SOCIEDAD ANONIMA');
  expect(await staging.getByTestId('certificate-expiry').innerText()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  // Valid two more years: no warning, neither on the card nor as the app-wide bar.
  expect(await page.getByTestId('certificate-warning').count()).toBe(0);
  // docs/screens/certificate.png is test/e2e/credentials.test.ts's: the screen refusing a wrong ATV password.
}, 60_000);

it('saves the branding with a logo, previewed from the chosen file, and shows the organization profile', async () => {
  const { page } = e2e;
  await page.keyboard.press('Alt+8');
  const profile = page.getByTestId('settings-profile');
  await expect.poll(() => profile.locator('input').first().inputValue()).toBe('TecnoValle');

  await page.getByTestId('settings-tab-branding').click();
  await page.getByTestId('logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: readFileSync(LOGO) });
  // Decoded from the file itself (a blob: URL, which the page's policy allows): the preview has the image's size.
  const preview = page.getByTestId('logo-preview');
  /** The image's address once it is decoded (a broken or loading image: null). */
  const shown = () => preview.evaluate((el) => {
    const img = el as HTMLImageElement;
    return img.complete && img.naturalWidth > 0 ? img.src : null;
  });
  await expect.poll(shown).toMatch(/^blob:/);
  await page.getByTestId('settings-branding').locator('textarea').fill('Gracias por su compra');
  await page.getByTestId('settings-branding').getByRole('button', { name: 'Guardar' }).click();
  await expect.poll(() => page.getByTestId('settings-branding').locator('.success').count()).toBe(1);
  expect(await pageGet('/organizations/me/branding')).toMatchObject({ has_logo: true, footer: 'Gracias por su compra' });
  // Saved: the preview is now the stored logo, as the server returns it.
  await expect.poll(async () => new URL((await shown()) ?? 'about:blank').pathname).toBe('/api/v1/organizations/me/branding/logo');
  await e2e.screenshot('settings.png');
}, 60_000);

it('creates an organization key for a POS whose secret shows once and works on the API', async () => {
  const { page, t } = e2e;
  await page.keyboard.press('Alt+9');
  await page.getByTestId('keys-table').waitFor();
  // The browser's own key is listed but cannot be revoked from here.
  const internal = page.locator('[data-testid="key-row"].internal');
  expect(await internal.count()).toBeGreaterThan(0);
  expect(await internal.getByRole('button').count()).toBe(0);

  await page.getByTestId('key-name').fill('Caja 2');
  await page.keyboard.press('Enter');
  const secret = await page.getByTestId('key-secret').inputValue({ timeout: 10_000 });
  const me = await t.call('GET', '/auth/me', { key: secret });
  expect(me.status).toBe(200);
  expect(me.body.data).toMatchObject({ key: { name: 'Caja 2', mode: 'test' }, organization: { identification_number: '3101123456', environment: 'staging' } });

  await page.getByRole('button', { name: 'Ya la guardé' }).click();
  expect(await page.getByTestId('key-secret-panel').count()).toBe(0);
  expect(await page.content()).not.toContain(secret);
}, 60_000);

it('warns on every screen from 30 days before the certificate expires, linking to the certificate screen', async () => {
  const { page, t } = e2e;
  const status = await pageGet<{ staging: { certificate: { expiry_date: string } } }>('/organizations/me/certificate');
  const expiry = status.staging.certificate.expiry_date;
  // The page's clock 20 days before the expiry date, at noon in Costa Rica (the server's clock is untouched).
  await page.clock.setFixedTime(new Date(Date.parse(`${expiry}T18:00:00Z`) - 20 * 24 * 3600 * 1000));
  await page.goto(`${t.url}/#counter`);
  await page.reload();
  const warning = page.getByTestId('certificate-warning');
  await expect.poll(() => warning.innerText()).toContain(`vence en 20 días (${expiry})`);
  await warning.getByRole('link').click();
  await page.getByTestId('certificate-screen').waitFor();
  expect(new URL(page.url()).hash).toBe('#certificate');
}, 60_000);

it('never violated the page policy nor threw', () => {
  expect(pageProblems).toEqual([]);
});
