/**
 * The counter while the tax authority is unreachable (docs/contingency.md), in headless Chromium against
 * the real server and the local simulator: the banner shows with the documents waiting and the last
 * contact, a ticket issued by keyboard is signed with situation 3 ("sin internet") and queued, and once
 * the simulator answers again the queue drains (the ticket ends accepted) and the banner goes.
 *
 * The server's reachability monitor probes every 60 s and has no setting for it (src/hacienda/reachability.ts);
 * the test runs the same probe every half second, as a shorter interval would, so that "down" and "back"
 * are noticed within a test's patience. Everything else is the server's and the renderer's own doing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useE2eSession } from './session.ts';

const PROBE_MS = 500;
/** Clave: 506, date (6), issuer (12), consecutive (20), then the situation: its 42nd digit. */
const SITUATION_INDEX = 3 + 6 + 12 + 20;

const e2e = useE2eSession();
let probes: NodeJS.Timeout | undefined;

// Registered after the session's hooks: runs once it is open, and its afterAll before it closes, so no
// probe reaches a closed server. The test reloads the page before looking, so these come after sign-in.
beforeAll(async () => {
  const { t, org } = e2e;
  const product = await t.call('POST', '/products', { key: org.key, body: { code: 'LEC-1', description: 'Leche entera 1 L', cabys_code: '2211001010000', unit: 'Unid', price: '1100', tax_rate_code: '02' } });
  expect(product.status, product.text).toBe(201);
  const monitor = t.server.core.hacienda.monitor;
  probes = setInterval(() => void monitor.probe('staging'), PROBE_MS);
});

afterAll(() => {
  clearInterval(probes);
});

const reachable = async () => (await e2e.t.call('GET', '/hacienda/status', { key: e2e.org.key })).body.data.staging.available as boolean | null;
const statusOf = async (clave: string) => (await e2e.t.call('GET', `/electronic-documents/${clave}`, { key: e2e.org.key })).body.data.status as string;

it('shows the banner while the tax authority is down, issues with situation 3, and drains the queue when it is back', async () => {
  const { page, simulator } = e2e;
  // Online first, so the renderer has seen a successful contact to report later.
  await expect.poll(reachable, { timeout: 10_000 }).toBe(true);
  const firstStatus = page.waitForResponse((r) => r.url().endsWith('/api/v1/hacienda/status'));
  await page.reload();
  await page.locator('section.counter[data-ready="true"]').waitFor();
  await firstStatus;
  const banner = page.getByTestId('offline-banner');
  expect(await banner.count()).toBe(0);

  simulator.faults.down = true;
  await banner.waitFor({ timeout: 15_000 });
  expect(await banner.innerText()).toMatch(/0 en espera.*Último contacto/s);

  // The counter keeps working: a saved product, Enter, F9; the clave shows at once.
  await expect.poll(() => page.getByTestId('search').evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type('lec');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId('lines').locator('tbody tr').count()).toBe(1);
  await page.keyboard.press('F9');
  await page.locator('[data-testid="clave"], [role="alert"]').first().waitFor({ timeout: 10_000 });
  expect(await page.locator('[role="alert"]').allInnerTexts()).toEqual([]);
  const clave = (await page.getByTestId('clave').textContent())!;
  expect(clave).toMatch(/^506\d{47}$/);
  expect(clave[SITUATION_INDEX]).toBe('3'); // "sin internet": signed into the clave

  // Queued by the server, counted by the banner.
  await expect.poll(() => statusOf(clave), { timeout: 10_000 }).toBe('queued');
  await expect.poll(() => banner.getAttribute('data-queued'), { timeout: 10_000 }).toBe('1');
  expect(await banner.innerText()).toContain('1 en espera');
  await page.locator('[data-testid="issued"] [data-status="queued"]').waitFor({ timeout: 10_000 });
  await e2e.screenshot('offline.png');
  expect(simulator.received().map((r) => r.clave)).not.toContain(clave);

  // Back: the queued ticket goes by itself and is accepted; the banner disappears.
  simulator.faults.down = false;
  await page.locator('[data-testid="issued"] [data-status="accepted"]').waitFor({ timeout: 40_000 });
  expect(await statusOf(clave)).toBe('accepted');
  expect(simulator.received().map((r) => r.clave)).toContain(clave);
  await banner.waitFor({ state: 'detached', timeout: 15_000 });
}, 120_000);
