/**
 * The Products screen in headless Chromium against the real server: a product created with a CABYS code
 * found by words (its VAT shown as "13 %", the price the shelf price with VAT), its price edited (an
 * ambiguous "1.200" refused rather than read as ₡1.2), a CSV from Excel (Windows-1252) imported with one
 * bad row reported by its row number, products found by code and by CABYS code; then the counter finds the
 * saved product by its code.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useE2eSession } from './session.ts';

const e2e = useE2eSession({ viewport: { width: 1024, height: 900 } });

const PASTRY = '2343000000000'; // Productos de pastelería y queques (13 %)
const MILK = '2211001010000';
const COFFEE = '2391102010200';

const focused = (p: Page, testId: string) => p.getByTestId(testId).evaluate((el) => el === document.activeElement);
const listed = (p: Page) => p.getByTestId('product-list').getByTestId('product-row').locator('.code').allInnerTexts();

async function saved(p: Page, code: string) {
  const { t, org } = e2e;
  const list = (await t.call('GET', `/products?q=${encodeURIComponent(code)}`, { key: org.key })).body.data as Record<string, unknown>[];
  return list.find((product) => product.code === code);
}

it('creates a product with a CABYS code, edits its price, imports a CSV with a bad row, finds them', async () => {
  const { page } = e2e;
  await page.getByTestId('nav-products').click();
  await page.getByTestId('products-screen').waitFor();
  await expect.poll(() => focused(page, 'product-search')).toBe(true);
  await page.getByTestId('product-list-empty').waitFor();

  // Alt+N: a new product, the code box focused; the CABYS code found by words and picked from the hits.
  await page.keyboard.press('Alt+N');
  await expect.poll(() => focused(page, 'product-code')).toBe(true);
  await page.keyboard.type('EMP-01');
  await page.getByTestId('product-description').fill('Empanada de queso');
  await page.getByTestId('product-cabys-search').fill('pastelería queques');
  await page.getByTestId('product-cabys-hits').getByText(PASTRY).click();
  await expect.poll(() => page.getByTestId('product-cabys').innerText()).toContain(PASTRY);
  // The code's VAT, as the shopkeeper says it: 13 %, not "08"; the unit of goods.
  expect(await page.getByTestId('product-rate').inputValue()).toBe('08');
  expect(await page.getByTestId('product-rate').locator('option:checked').innerText()).toBe('13 %');
  expect(await page.getByTestId('product-unit').inputValue()).toBe('Unid');
  // A shop's price includes VAT: on by default, the price box says so.
  expect(await page.getByTestId('product-includes-vat').isChecked()).toBe(true);
  await page.getByTestId('product-price').fill('1000');
  expect(await page.getByTestId('product-form').innerText()).toContain('Precio con IVA');
  await page.keyboard.press('Control+Enter');
  await page.getByTestId('product-saved').waitFor();
  expect(await saved(page, 'EMP-01')).toMatchObject({
    description: 'Empanada de queso', cabys_code: PASTRY, unit: 'Unid', price: '1000', tax_rate_code: '08', tax_rate: '13', price_includes_vat: true, is_active: true,
  });
  await expect.poll(() => page.getByTestId('product-list').innerText()).toMatch(/EMP-01[\s\S]*Empanada de queso[\s\S]*₡1\s?000[\s\S]*IVA incluido[\s\S]*13 %/);

  // Its price edited: "1.200" could be a thousand two hundred or one point two: refused, nothing saved.
  await page.getByTestId('product-price').fill('1.200');
  await page.keyboard.press('Control+Enter');
  expect(await page.getByTestId('product-price-problem').innerText()).toContain('1.200');
  expect((await saved(page, 'EMP-01'))?.price).toBe('1000');
  await page.getByTestId('product-price').fill('1200,50');
  await page.keyboard.press('Control+Enter');
  await page.getByTestId('product-saved').waitFor();
  expect((await saved(page, 'EMP-01'))?.price).toBe('1200.5');

  // Alt+I: a CSV as Excel saves it on Windows (Windows-1252, semicolons), one row with a CABYS code that does not exist.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Alt+I');
  await page.getByTestId('products-import').waitFor();
  const csv = [
    'code;description;cabys_code;unit;price;tax_rate_code;price_includes_vat',
    `LEC-1;Leche descremada 1 L;${MILK};Unid;950.25;02;`,
    `CAF-TOS;Café tostado 250 g;${COFFEE};Unid;2500;02;sí`,
    'BAD-1;Sin catálogo;9999999999999;Unid;100;08;sí',
    '',
  ].join('\r\n');
  await page.getByTestId('products-import-file').setInputFiles({ name: 'productos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'latin1') });
  await page.getByTestId('products-import-report').waitFor();
  expect(await page.getByTestId('products-import-summary').innerText()).toBe('2 productos nuevos, 0 actualizados, 1 filas omitidas.');
  const problems = await page.getByTestId('products-import-problems').locator('tbody tr').allInnerTexts();
  expect(problems).toEqual([expect.stringMatching(/^4\s+cabys_code\s+.*9999999999999/)]);
  await expect.poll(() => listed(page)).toEqual(['CAF-TOS', 'EMP-01', 'LEC-1']);
  expect(await saved(page, 'CAF-TOS')).toMatchObject({ description: 'Café tostado 250 g', price: '2500', price_includes_vat: true });
  expect(await saved(page, 'LEC-1')).toMatchObject({ price: '950.25', price_includes_vat: false });
  await e2e.screenshot('products.png');

  // F2 and part of a CABYS code, or of a product code, finds it.
  await page.keyboard.press('F2');
  await page.keyboard.type('2211001');
  await expect.poll(() => listed(page)).toEqual(['LEC-1']);
  await page.getByTestId('product-search').fill('emp-0');
  await expect.poll(() => listed(page)).toEqual(['EMP-01']);
  await page.getByTestId('product-search').fill('zapato');
  await page.getByTestId('product-list-empty').waitFor();
}, 60_000);

it('the counter finds the saved product by its code', async () => {
  const { page } = e2e;
  await page.keyboard.press('Alt+1');
  await page.locator('section.counter[data-ready="true"]').waitFor();
  await page.getByTestId('search').fill('EMP-01');
  await expect.poll(() => page.getByRole('listbox').innerText()).toContain('Empanada de queso');
}, 30_000);
