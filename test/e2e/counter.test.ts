/**
 * A counter ticket by keyboard alone, in headless Chromium against the real server and the local
 * tax-authority simulator, ending accepted. Signs in through the one-time login URL (cookie session).
 *
 * Stand-in, until the server has it: the browser session acts as an *account* key (docs/browser-access.md,
 * "Not yet"), and issuing and the documents need an organization key. So the test adds the organization
 * key as `Authorization` to the page's /api/v1 requests at the network layer (bearer wins over the cookie,
 * auth.ts); the renderer itself only ever uses the cookie and the anti-CSRF header.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startDelivering, type SeededOrganization, type TestServer } from '../api/harness.ts';
import type { Simulator } from '../../src/hacienda/simulator/types.ts';
import { launchChromium } from './browser.ts';
import { ensureRendererBuilt } from './renderer-build.ts';

const SCREENSHOT = new URL('../../docs/screens/counter.png', import.meta.url);

let simulator: Simulator;
let t: TestServer;
let org: SeededOrganization;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  await ensureRendererBuilt();
  ({ simulator, t, org } = await startDelivering());
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await simulator?.close();
});

it('issues a ticket by keyboard only and shows its clave, then accepted', async () => {
  // Sign in: the one-time URL sets the HttpOnly session cookie and lands on the renderer.
  await page.goto(t.server.loginUrl);
  await page.waitForURL(`${t.url}/`);
  const me = await page.evaluate(async () => (await fetch('/api/v1/auth/me', { credentials: 'same-origin' })).status);
  expect(me).toBe(200);

  // The organization key (see the top of this file), and the issuer's location the counter asks once
  // (renderer/counter/issuer-address.ts); then load the counter.
  await page.route(`${t.url}/api/v1/**`, (route) => route.continue({ headers: { ...route.request().headers(), authorization: `Bearer ${org.key}` } }));
  await page.addInitScript((address) => localStorage.setItem('facturador.issuerAddress', JSON.stringify(address)), { province: '1', canton: '01', district: '01', details: 'Avenida 7, calles 3 y 5' });
  await page.reload();
  const search = page.getByTestId('search');
  await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);

  // 2*, a CABYS word, Enter (a CABYS code asks its price), price, Enter, F6 (card), F9: keys only.
  await page.keyboard.type('2*cafe');
  await page.keyboard.press('Enter');
  await page.getByTestId('price').waitFor();
  await page.keyboard.type('1500');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId('lines').locator('tbody tr').count()).toBe(1);
  await page.keyboard.press('F6');
  await page.keyboard.press('F9');

  // A refusal shows in the alert; report it instead of a bare time-out.
  await page.locator('[data-testid="clave"], [role="alert"]').first().waitFor({ timeout: 10_000 });
  expect(await page.locator('[role="alert"]').allInnerTexts()).toEqual([]);
  const clave = await page.getByTestId('clave').textContent();
  expect(clave).toMatch(/^506\d{47}$/);
  await page.locator('[data-testid="issued"] [data-status="accepted"]').waitFor({ timeout: 30_000 });

  const doc = (await t.call('GET', `/electronic-documents/${clave}`, { key: org.key })).body.data;
  expect(doc).toMatchObject({ status: 'accepted', document_type: '04' });
  mkdirSync(new URL('.', SCREENSHOT), { recursive: true });
  await page.screenshot({ path: SCREENSHOT.pathname });

  // Alt+2: the documents list has it, accepted; Tab to its row and Enter opens the tax authority's answer.
  await page.keyboard.press('Alt+2');
  const row = page.getByTestId('documents').locator('tbody tr').first();
  await row.locator('[data-status="accepted"]').waitFor();
  await row.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId('document-detail').innerText()).toContain(clave!);
  await page.screenshot({ path: new URL('documents.png', SCREENSHOT).pathname });
}, 90_000);
