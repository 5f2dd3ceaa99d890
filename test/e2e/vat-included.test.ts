/**
 * Prices with VAT included at the counter, in headless Chromium against the real server and the local
 * tax-authority simulator: the shop's prices include VAT by default, so a ₡1,000 item at 13 % is a ₡1,000
 * ticket, accepted, whose XML carries the net price derived from it; the line shows its tax as "13 %". In
 * Settings the shopkeeper turns the setting off, and the same item then charges its VAT on top.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatMoney } from '../../renderer/shared/money.ts';
import { counterReady, issuedClave } from './counter-page.ts';
import { useE2eSession } from './session.ts';

const e2e = useE2eSession({ viewport: { width: 1024, height: 900 } });

/** Restaurant service with waiter, 13 % in the CABYS catalog: its full code finds it, whatever the word ranking. */
const LUNCH_CABYS = '6331000000000';

/** Rings up one lunch at `price` as typed, waiting for its live total. */
async function ringLunch(p: Page, price: string) {
  await p.keyboard.type(LUNCH_CABYS);
  await p.keyboard.press('Enter');
  await p.getByTestId('price').waitFor();
  await p.keyboard.type(price);
  await p.keyboard.press('Enter');
  await expect.poll(() => p.getByTestId('lines').locator('tbody tr').count()).toBe(1);
}

it('a ₡1,000 item at 13 % makes a ₡1,000 ticket, accepted, with the net price in its XML; the rate reads "13 %"', async () => {
  const { page, t, org } = e2e;
  await page.goto(`${t.url}/#counter`);
  await page.reload();
  await counterReady(page);

  await ringLunch(page, '1000');
  await expect.poll(() => page.getByTestId('line-rate').innerText()).toBe('13 %');
  await expect.poll(() => page.getByTestId('total').innerText()).toBe(formatMoney('es', '1000'));
  await e2e.screenshot('counter-vat-included.png');
  await page.keyboard.press('F9');

  const clave = await issuedClave(page);
  await page.locator('[data-testid="issued"] [data-status="accepted"]').waitFor({ timeout: 30_000 });
  const xml = (await t.call('GET', `/documents/${clave}/xml`, { key: org.key })).text;
  expect(xml).toMatch(/<PrecioUnitario>884\.95575<\/PrecioUnitario>/); // 1,000 / 1.13, to the annex's 5 decimals
  expect(xml).toMatch(/<MontoTotalLinea>1000(\.0+)?<\/MontoTotalLinea>/);
  expect(xml).toMatch(/<TotalComprobante>1000(\.0+)?<\/TotalComprobante>/);
  expect(xml).toContain('<CodigoTarifaIVA>08</CodigoTarifaIVA>');
}, 60_000);

it('turned off in Settings, the same ₡1,000 item charges its VAT on top: ₡1,130', async () => {
  const { page, t, org } = e2e;
  await page.goto(`${t.url}/#settings`);
  const profile = page.getByTestId('settings-profile');
  const setting = profile.getByTestId('prices-include-vat');
  await setting.waitFor();
  expect(await setting.isChecked()).toBe(true);
  await setting.scrollIntoViewIfNeeded();
  await e2e.screenshot('settings-prices.png');
  await setting.uncheck();
  await profile.getByRole('button', { name: 'Guardar' }).click();
  await expect.poll(() => profile.locator('.success').count()).toBe(1);
  expect((await t.call('GET', '/organizations/me', { key: org.key })).body.data.prices_include_vat).toBe(false);

  await page.goto(`${t.url}/#counter`);
  await page.reload();
  await counterReady(page);
  await ringLunch(page, '1000');
  await expect.poll(() => page.getByTestId('total').innerText()).toBe(formatMoney('es', '1130'));
}, 60_000);
