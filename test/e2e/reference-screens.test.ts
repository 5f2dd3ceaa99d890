/**
 * The Customers and Catalogs screens in headless Chromium against the real server and the tax-authority
 * simulator (which answers the public taxpayer register and the exchange rate): a customer created from
 * its cédula by the register look-up, with its location picked level by level, then found by search; and
 * CABYS searched by words and by code with its VAT rate, browsed down its categories and back, and a
 * location reached through the tree.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useE2eSession } from './session.ts';

const e2e = useE2eSession();

const focused = (p: Page, testId: string) => p.getByTestId(testId).evaluate((el) => el === document.activeElement);

it('creates a customer from the taxpayer register and finds it again', async () => {
  const { page, t, org } = e2e;
  await page.getByTestId('nav-recipients').click();
  await page.getByTestId('recipients-screen').waitFor();
  await expect.poll(() => focused(page, 'recipient-search')).toBe(true);

  // Alt+N, the cédula as people write it, Enter: the register fills the name and the type.
  await page.keyboard.press('Alt+N');
  await expect.poll(() => focused(page, 'recipient-id')).toBe(true);
  await page.keyboard.type('3-102-654321');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId('recipient-lookup').textContent()).toContain('DISTRIBUIDORA EL SOL LIMITADA');
  expect(await page.getByTestId('recipient-name').inputValue()).toBe('DISTRIBUIDORA EL SOL LIMITADA');
  expect(await page.getByTestId('recipient-id-type').inputValue()).toBe('02');

  // E-mail, and Heredia / Barva / a district, each list loaded from the one above.
  await page.getByTestId('recipient-email').fill('compras@elsol.example.cr');
  await page.getByTestId('recipient-province').selectOption('4');
  await expect.poll(() => page.getByTestId('recipient-canton').locator('option').count()).toBeGreaterThan(5);
  await page.getByTestId('recipient-canton').selectOption('02');
  await expect.poll(() => page.getByTestId('recipient-district').locator('option').count()).toBeGreaterThan(2);
  await page.getByTestId('recipient-district').selectOption('01');
  await page.getByTestId('recipient-email').focus();
  await page.keyboard.press('Control+Enter');
  await page.getByTestId('recipient-saved').waitFor();
  // The list read again after the save has it: the screenshot shows the screen settled, not "Guardando…".
  await page.getByTestId('recipient-list').getByText('DISTRIBUIDORA EL SOL LIMITADA').waitFor();
  await e2e.screenshot('recipients.png');

  const saved = (await t.call('GET', '/recipients', { key: org.key })).body.data;
  expect(saved).toEqual([expect.objectContaining({
    name: 'DISTRIBUIDORA EL SOL LIMITADA', identification_type: '02', identification_number: '3102654321', email: 'compras@elsol.example.cr',
    province: '4', canton: '02', district: '01',
  })]);

  // The same cédula again offers the saved customer instead of a second one.
  await page.keyboard.press('Alt+N');
  await expect.poll(() => page.getByTestId('recipient-id').inputValue()).toBe(''); // the new, empty form
  await expect.poll(() => focused(page, 'recipient-id')).toBe(true);
  await page.keyboard.type('3102654321');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId('recipient-lookup').textContent()).toContain('Ya está guardado');

  // F2 and a part of the name finds it; a name nobody has finds nothing.
  await page.keyboard.press('Escape');
  await page.keyboard.press('F2');
  await page.keyboard.type('el sol');
  await expect.poll(() => page.getByTestId('recipient-list').locator('button').allInnerTexts()).toEqual([expect.stringContaining('DISTRIBUIDORA EL SOL')]);
  await page.getByTestId('recipient-search').fill('zapatería');
  await expect.poll(() => page.getByTestId('recipient-list').locator('button').count()).toBe(0);
}, 60_000);

it('searches CABYS by words and code with the VAT rate, browses its categories, and shows today\'s rate', async () => {
  const { page, t, org } = e2e;
  await page.getByTestId('nav-catalogs').click();
  await page.getByTestId('catalogs-screen').waitFor();
  await expect.poll(() => focused(page, 'catalogs-search')).toBe(true);

  // Today's USD rate from the (simulated) tax authority, written the Costa Rican way.
  const rate = (await t.call('GET', '/exchange-rates', { key: org.key })).body.data;
  await expect.poll(() => page.getByTestId('exchange-rate').textContent()).toContain(`venta ₡${rate.sell.replace('.', ',')}`);

  // The tree first: the first-level categories; Enter opens one, Backspace comes back.
  const entries = page.getByTestId('catalogs-entries').locator('li');
  await expect.poll(() => entries.count()).toBe(10);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId('catalogs-crumbs').textContent()).toContain('Productos alimenticios');
  await expect.poll(() => entries.first().getAttribute('data-code')).toBe('21');
  await page.keyboard.press('Backspace');
  await expect.poll(() => entries.first().getAttribute('data-code')).toBe('0');

  // Words: the hits carry their VAT rate; Enter opens the first, with its levels.
  await page.keyboard.type('cafe tostado');
  await expect.poll(() => page.getByTestId('catalogs-crumbs').textContent()).toContain('cafe tostado');
  const first = await entries.first().getAttribute('data-code');
  const expected = (await t.call('GET', `/reference/cabys/${first}`, { key: org.key })).body.data;
  expect(await entries.first().textContent()).toContain(`IVA ${expected.tax_rate} %`);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId('catalogs-detail').textContent()).toContain(expected.description_9);
  expect(await page.getByTestId('cabys-vat').textContent()).toBe(`IVA ${expected.tax_rate} %`);
  await e2e.screenshot('catalogs.png');

  // A code: exactly that one.
  await page.keyboard.press('Escape');
  await page.getByTestId('catalogs-search').fill('2391102020000');
  await expect.poll(() => entries.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-code')))).toEqual(['2391102020000']);

  // A level of the code's detail leads into the tree at that category.
  await page.keyboard.press('Enter');
  await page.getByTestId('catalogs-detail').getByRole('button', { name: /^239\b/ }).click();
  await expect.poll(() => entries.first().getAttribute('data-code')).toMatch(/^239\d$/);
  expect(await page.getByTestId('catalogs-search').inputValue()).toBe('');

  // Locations: San José's cantons, by the tree.
  await page.getByTestId('catalogs-tab-locations').click();
  await expect.poll(() => entries.count()).toBe(7);
  await page.getByTestId('catalogs-search').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => entries.nth(1).textContent()).toContain('Escazú');

  // English on request, Spanish again after.
  await page.getByRole('button', { name: 'English' }).click();
  expect(await page.getByTestId('catalogs-tab-tariffs').textContent()).toBe('Tariff codes');
  await page.getByRole('button', { name: 'Español' }).click();
  expect(await page.getByTestId('catalogs-tab-tariffs').textContent()).toBe('Partidas arancelarias');
}, 60_000);
