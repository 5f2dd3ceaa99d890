/**
 * The catalog screen's CABYS as a soda's owner uses it, in headless Chromium against the real server: a
 * word CABYS does not use ("empanada") finds the catalogue's prepared food; the phrase typed ranks first; a
 * word nothing matches says so and offers to create a product; the tree's unnamed levels show what they
 * hold instead of bare codes (docs/catalogs.md).
 */
import { expect, it } from 'vitest';
import { useE2eSession } from './session.ts';

const e2e = useE2eSession();

it('finds what a soda sells, says when nothing matches, and shows what each level holds', async () => {
  const { page } = e2e;
  await page.getByTestId('nav-catalogs').click();
  await page.getByTestId('catalogs-screen').waitFor();
  const entries = page.getByTestId('catalogs-entries').locator('li');
  const search = page.getByTestId('catalogs-search');

  await search.fill('empanada');
  await expect.poll(() => entries.first().textContent()).toContain('Comidas preparadas');
  await search.fill('restaurante sin mesero');
  await expect.poll(() => entries.first().getAttribute('data-code')).toBe('6332000000000');
  await search.fill('cafe caliente');
  await expect.poll(() => entries.first().getAttribute('data-code')).toBe('6340001000100');

  // Nothing: the screen says so, and how to go on.
  await search.fill('chicharronera');
  await expect.poll(() => page.getByTestId('catalogs-no-results').textContent()).toContain('Ningún código CABYS dice «chicharronera»');
  await e2e.screenshot('catalogs-no-results.png');

  // The tree: level 2 beneath "Productos alimenticios…" shows what each category holds.
  await search.fill('');
  await expect.poll(() => entries.count()).toBe(10);
  await entries.nth(2).locator('button').click();
  await expect.poll(() => entries.first().getAttribute('data-code')).toBe('21');
  const labels = await entries.locator('.catalogs-label').allTextContents();
  expect(labels.every((label) => label.length > 2 && !label.includes('nivel sin nombre'))).toBe(true);
  expect(await entries.first().locator('.catalogs-summary').count()).toBe(1);
  await entries.first().locator('button').click();
  await expect.poll(() => page.getByTestId('catalogs-crumbs').textContent()).toMatch(/Productos alimenticios.*›.*·/);
  await e2e.screenshot('catalogs-levels.png');

  // From "nothing found" to the Products screen, to save the shop's own name for it.
  await search.fill('chicharronera');
  await page.getByTestId('catalogs-create-product').click();
  await page.getByTestId('products-screen').waitFor();
}, 60_000);
