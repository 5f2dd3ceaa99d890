/**
 * A counter PC stays signed in when the server restarts (docs/browser-access.md): signed in once through
 * the login link, the server stopped and started again on the same data directory and port (a power cut, an
 * update), the page reloaded — the screens still work, no "Sesión vencida", no terminal needed.
 */
import { expect, it } from 'vitest';
import { useE2eSession } from './session.ts';

const e2e = useE2eSession();

it('keeps the browser signed in across a server restart', async () => {
  const { page, t } = e2e;
  const catalogs = async () => {
    await page.getByTestId('nav-catalogs').click();
    // The ten first-level CABYS categories come from the API, with the session cookie.
    await expect.poll(() => page.getByTestId('catalogs-entries').locator('li').count()).toBe(10);
  };
  await catalogs();
  const before = t.url;

  await t.restart({ samePort: true });
  expect(t.url).toBe(before);
  await page.reload();
  await catalogs();
  expect(await page.locator('body').textContent()).not.toContain('Sesión vencida');

  // "Cerrar sesión" ends it, after a confirmation: the login link is needed again.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByTestId('sign-out').click();
  await expect.poll(() => page.locator('body').innerText(), { timeout: 10_000 }).toContain('Sesión cerrada');
  const me = await page.evaluate(async () => (await fetch('/api/v1/auth/me')).status);
  expect(me).toBe(401);
}, 60_000);
