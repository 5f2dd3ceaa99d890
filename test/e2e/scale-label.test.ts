/**
 * A scale label at the counter (issue 15), in headless Chromium against the real server and the local
 * tax-authority simulator: the shop's label formats are set in Settings → Balanza / etiquetas, a misread label asks to
 * scan again, a 0.734 kg weight label of product 00427 and a ₡1,500 price label ring up at their amounts
 * by scanning alone, and the ticket issues on this PC's till (terminal 00002, renderer/shared/till.ts)
 * with those quantities and a total of the two labels, to the cent.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatMoney } from '../../renderer/shared/money.ts';
import { counterReady, issuedClave } from './counter-page.ts';
import { useE2eSession } from './session.ts';

const e2e = useE2eSession({ viewport: { width: 1024, height: 900 } });

const GOODS = '2391102010200'; // a CABYS code of goods the test catalog has
const WEIGHT_LABEL = '2100427007342'; // prefix 21, item 00427, 0.734 kg
const PRICE_LABEL = '2200815015000'; // prefix 22, item 00815, ₡1,500

const xmlValues = (xml: string, element: string) => [...xml.matchAll(new RegExp(`<${element}>([^<]*)</${element}>`, 'g'))].map((m) => m[1]!);

/**
 * Settings → Balanza / etiquetas by keyboard: a new row takes the cursor in its prefix (20, 5 digits, weight
 * in grams by default); a prefix outside 20–29 is refused under its field; Enter saves.
 */
async function formatsInSettings(page: Page) {
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-tab-scale').click();
  await page.getByTestId('settings-scale').waitFor();
  await page.getByTestId('scale-add').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId('scale-prefix').first().evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('19');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId('settings-scale').innerText()).toContain('El prefijo debe ser de 20 a 29.');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('21');
  await page.getByTestId('scale-add').focus();
  await page.keyboard.press('Enter'); // the second row, the first free prefix offered
  const second = page.getByTestId('scale-format').nth(1);
  expect(await second.getByTestId('scale-prefix').inputValue()).toBe('20');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('22');
  await page.keyboard.press('Tab'); // product digits: 5
  await page.keyboard.press('Tab');
  await second.getByTestId('scale-value').selectOption('price');
  await second.getByTestId('scale-decimals').fill('0');
  await page.keyboard.press('Enter');
  await page.locator('[data-testid="settings-scale"] [role="status"]').waitFor();
  expect(await second.innerText()).toContain('Precio (₡) de 5 dígitos con 0 decimales');
  await e2e.screenshot('settings-scale.png');
  await page.getByTestId('nav-counter').click();
}

it('rings up a 0.734 kg label and a price label at their amounts by scanning, and issues on this till', async () => {
  const { page, t, org } = e2e;
  await formatsInSettings(page);
  expect((await t.call('GET', '/settings/till', { key: org.key })).body.data.scale_formats).toEqual([
    { prefix: '21', item_digits: 5, value: 'weight', decimals: 3 },
    { prefix: '22', item_digits: 5, value: 'price', decimals: 0 },
  ]);
  for (const product of [
    { code: '00427', description: 'Queso Turrialba', price: '4500', price_includes_vat: true },
    { code: '00815', description: 'Mortadela', price: '2000', price_includes_vat: false }, // ₡2,260 on the shelf
  ]) {
    const created = await t.call('POST', '/products', { key: org.key, body: { ...product, cabys_code: GOODS, unit: 'Kg', tax_rate_code: '08' } });
    expect(created.status, created.text).toBe(201);
  }
  // This PC is the shop's second till.
  await page.evaluate(() => localStorage.setItem('facturador.till', JSON.stringify({ branch: '001', terminal: '00002' })));
  await page.reload();
  await counterReady(page);

  // A misread label (its check digit wrong) is refused in words, not rung up.
  await page.keyboard.type('2100427007343');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('[role="alert"]').innerText()).toContain('dígito verificador');
  expect(await page.getByTestId('lines').count()).toBe(0);
  await page.keyboard.press('Escape');

  // The scanner types the label and Enter: the line is the label's weight at the product's price.
  await page.keyboard.type(WEIGHT_LABEL);
  await page.keyboard.press('Enter');
  const rows = page.getByTestId('lines').locator('tbody tr');
  await expect.poll(() => rows.count()).toBe(1);
  expect(await rows.first().locator('td').first().innerText()).toBe('0.734');
  await expect.poll(() => rows.first().locator('td').last().innerText()).toBe(formatMoney('es', 3303));
  expect(await page.locator('[role="alert"]').count()).toBe(0);

  await page.keyboard.type(PRICE_LABEL);
  await page.keyboard.press('Enter');
  await expect.poll(() => rows.count()).toBe(2);
  expect(await rows.nth(1).locator('td').first().innerText()).toBe('0.664'); // 1500 / 2260, 3 decimals
  await expect.poll(() => rows.nth(1).locator('td').last().innerText()).toBe(formatMoney('es', 1500));
  await expect.poll(() => page.getByTestId('total').innerText()).toBe(formatMoney('es', 4803));
  await e2e.screenshot('counter-scale-label.png');

  await page.keyboard.press('F9');
  const clave = await issuedClave(page);
  const doc = (await t.call('GET', `/electronic-documents/${clave}`, { key: org.key })).body.data;
  expect(doc.consecutive_number.slice(3, 8)).toBe('00002'); // issued on this till
  expect(doc.consecutive_number.slice(0, 3)).toBe('001');
  const xml = (await t.call('GET', `/documents/${clave}/xml`, { key: org.key })).text;
  expect(xmlValues(xml, 'Cantidad').map(Number)).toEqual([0.734, 0.664]);
  expect(xmlValues(xml, 'MontoTotalLinea').map((v) => Number(v).toFixed(2))).toEqual(['3303.00', '1500.00']);
  expect(Number(xmlValues(xml, 'TotalComprobante')[0]).toFixed(2)).toBe('4803.00');
}, 90_000);
