/**
 * The tills in headless Chromium against the real server and the tax-authority simulator (docs/tills.md):
 * two cashiers made through the API turn the PIN pad on; Ana signs in by PIN, opens the shift, sells at
 * the counter (the ticket carries her and the shift), a void of hers needs Luis's approval; F10 hands the
 * till to Luis, who closes the shift with a count short of what the documents say, and the Z shows the
 * difference. Then the printers screen adds a network printer (a raw-TCP test printer) and prints its test
 * page, the Z goes to it, and the day's Z shows the shift. Saves docs/screens/tills-pin-pad.png, tills-shift-close.png, tills-z.png and tills-printers.png.
 */
import { afterAll, expect, it } from 'vitest';
import { formatMoney } from '../../renderer/shared/money.ts';
import { TestPrinter } from '../helpers/escpos-printer.ts';
import { counterReady, issuedClave } from './counter-page.ts';
import { useE2eSession } from './session.ts';

const MILK = { code: 'LEC-1', description: 'Leche entera 1 L', cabys_code: '2211001010000', unit: 'Unid', price: '1100', tax_rate_code: '02' };
/** The first cashier is the owner (the shop cannot lock itself out of its settings). */
const MARTA = { name: 'Marta Vargas', pin: '5555', role: 'owner' };
const ANA = { name: 'Ana Mora', pin: '1234', role: 'cashier' };
const LUIS = { name: 'Luis Solano', pin: '9876', role: 'supervisor' };

const e2e = useE2eSession({ viewport: { width: 1280, height: 900 } });
let printer: TestPrinter | undefined;
afterAll(async () => {
  await printer?.close();
});

const alerts = () => e2e.page.locator('[role="alert"]').allInnerTexts();

/** On the PIN pad: the name (Enter on it), the PIN, Enter. */
async function signIn(name: string, pin: string) {
  const { page } = e2e;
  await page.getByTestId('pin-names').waitFor();
  await page.getByTestId('pin-name').filter({ hasText: name }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId('pin-input').evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(pin);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId('cashier-name').textContent()).toBe(name);
}

async function goTo(hash: string, testId: string) {
  await e2e.page.evaluate((h) => {
    location.hash = h;
  }, hash);
  await e2e.page.getByTestId(testId).waitFor();
}

it('signs in by PIN, opens the shift, sells, switches cashier with F10, closes short and the Z shows the difference', async () => {
  const { page, t, org } = e2e;
  for (const cashier of [MARTA, ANA, LUIS]) {
    const made = await t.call('POST', '/cashiers', { key: org.key, body: cashier });
    expect(made.status, made.text).toBe(201);
  }
  const product = await t.call('POST', '/products', { key: org.key, body: MILK });
  expect(product.status, product.text).toBe(201);
  const cashiers = (await t.call('GET', '/cashiers', { key: org.key })).body.data as { id: number; name: string }[];
  const anaId = cashiers.find((c) => c.name === ANA.name)!.id;

  // With cashiers, the screens ask for a PIN first; a wrong one says so and leaves the pad up.
  await page.reload();
  await page.getByTestId('pin-pad').waitFor();
  await page.getByTestId('pin-name').filter({ hasText: ANA.name }).focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('pin-input').waitFor();
  await page.keyboard.type('0000');
  await page.keyboard.press('Enter');
  await page.getByTestId('pin-error').waitFor();
  await e2e.screenshot('tills-pin-pad.png');
  await page.keyboard.type(ANA.pin);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId('cashier-name').textContent()).toBe(ANA.name);
  // A cashier sees only the counter, the documents and the shift in the top bar.
  const offered = await page.locator('nav.topbar a[data-testid^="nav-"]').evaluateAll((links) => links.map((l) => l.getAttribute('data-testid')));
  expect(offered).toEqual(['nav-counter', 'nav-documents', 'nav-shift']);

  // "Turno de caja": the float, Enter opens the shift of this till (001-00001); the X report shows.
  await goTo('shift', 'shift-screen');
  await page.getByTestId('opening-float').fill('20000');
  await page.keyboard.press('Enter');
  await page.locator('[data-testid="shift-report"][data-kind="X"]').waitFor();
  expect(await alerts()).toEqual([]);
  expect(await page.getByTestId('expected-cash').innerText()).toMatch(/20\s?000,00/);

  // The counter: three letters, Enter, F9 (cash). The ticket carries Ana and the shift.
  await goTo('counter', 'search');
  await counterReady(page);
  await page.keyboard.type('lec');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId('lines').locator('tbody tr').count()).toBe(1);
  await page.keyboard.press('F9');
  const clave = await issuedClave(page);
  const sold = (await t.call('GET', `/documents?cashier_id=${anaId}`, { key: org.key })).body.data as { document_key: string; shift_id: number | null; cashier: { name: string } | null }[];
  expect(sold.map((d) => d.document_key)).toEqual([clave]);
  expect(sold[0]).toMatchObject({ cashier: { name: ANA.name } });
  expect(sold[0]!.shift_id).toEqual(expect.any(Number));

  // A cashier may not void: the server refuses, the supervisor's PIN approves this one void.
  await page.locator('[data-testid="issued"] [data-status="accepted"]').waitFor({ timeout: 30_000 });
  await page.getByTestId('void').click();
  await page.getByTestId('void-yes').click();
  await page.getByTestId('approval-dialog').waitFor();
  await page.getByTestId('approval-who').selectOption({ label: LUIS.name });
  await page.getByTestId('approval-pin').fill(LUIS.pin);
  await page.keyboard.press('Enter');
  await page.getByTestId('void-done').waitFor();
  const note = (await t.call('GET', '/documents?document_type=03', { key: org.key })).body.data as { cashier: { name: string } | null; approved_by: { name: string } | null }[];
  expect(note[0]).toMatchObject({ cashier: { name: ANA.name }, approved_by: { name: LUIS.name } });

  // F10 hands the till over: the PIN pad, Luis signs in.
  await page.keyboard.press('F10');
  await page.getByTestId('pin-pad').waitFor();
  await signIn(LUIS.name, LUIS.pin);

  // The close: ₡19 000 in notes, less than the float the documents leave in the drawer; the difference
  // shows before confirming, and the Z keeps it.
  await goTo('shift', 'shift-screen');
  await page.getByTestId('start-close').click();
  await page.getByTestId('close-form').waitFor();
  await page.getByTestId('piece-10000').fill('1');
  await page.getByTestId('piece-5000').fill('1');
  await page.getByTestId('piece-2000').fill('2');
  expect(await page.getByTestId('counted-cash').innerText()).toBe(formatMoney('es', '19000'));
  const expected = await page.locator('[data-testid="close-compare"] tr[data-method="cash"] td').nth(1).innerText();
  const shownDifference = await page.getByTestId('difference-cash').innerText();
  expect(shownDifference).toMatch(/^−/); // short: the minus sign of the money formatter
  await e2e.screenshot('tills-shift-close.png');
  await page.getByTestId('close-confirm').click();
  await page.locator('[data-testid="shift-report"][data-kind="Z"]').waitFor();
  expect(await alerts()).toEqual([]);
  await e2e.screenshot('tills-z.png');
  const shifts = (await t.call('GET', '/shifts?state=closed', { key: org.key })).body.data as { id: number; difference: string }[];
  const z = (await t.call('GET', `/shifts/${shifts[0]!.id}/report`, { key: org.key })).body.data as { count: { methods: { method: string; expected: string; counted: string; difference: string }[] } };
  const cash = z.count.methods.find((m) => m.method === 'cash')!;
  expect(Number(cash.counted)).toBe(19000);
  expect(Number(cash.difference)).toBeLessThan(0);
  expect(Number(cash.difference)).toBe(Number(cash.counted) - Number(cash.expected));
  // What the screen showed before confirming is what the Z keeps, in the shopkeeper's money.
  const difference = formatMoney('es', cash.difference);
  expect(shownDifference).toContain(difference);
  const zCash = page.locator('[data-testid="count-table"] tr[data-method="cash"] td');
  expect(await zCash.nth(1).innerText()).toBe(expected);
  expect(await zCash.nth(3).innerText()).toBe(difference);
}, 120_000);

it('adds a network printer for this till and prints its test page', async () => {
  const { page } = e2e;
  printer = await TestPrinter.start();
  await goTo('printers', 'printers-screen');
  await page.getByTestId('printer-name').fill('Caja 1');
  await page.getByTestId('printer-host').fill('127.0.0.1');
  await page.getByTestId('printer-port').fill(String(printer.port));
  await page.getByTestId('printer-drawer').check();
  await page.getByTestId('printer-save').click();
  await page.getByTestId('printer-row').waitFor();
  expect(await alerts()).toEqual([]);
  expect(await page.getByTestId('printer-row').innerText()).toContain('001-00001');
  await page.getByTestId('printer-test').click();
  await expect.poll(() => page.getByTestId('print-result').innerText(), { timeout: 15_000 }).toMatch(/Impreso/);
  expect(printer.jobs.length).toBe(1);
  await e2e.screenshot('tills-printers.png');

  // The Z closed above is still on the shift screen: "Imprimir" sends it to this till's printer.
  await goTo('shift', 'shift-screen');
  await page.locator('[data-testid="shift-report"][data-kind="Z"]').waitFor();
  await page.getByTestId('report-print').click();
  await expect.poll(() => page.getByTestId('print-result').innerText(), { timeout: 15_000 }).toMatch(/Impreso/);
  expect(printer.jobs.length).toBe(2);
  // The day's Z covers the shift closed today (Costa Rica).
  await page.getByTestId('daily-show').click();
  await page.locator('[data-testid="daily-report"] [data-testid="shift-report"][data-kind="day"]').waitFor();
  expect(await page.getByTestId('daily-report').innerText()).toMatch(/Turnos cerrados: 1/);
  // The PDFs are fetched by the client (a link could not carry a supervisor's approval) and saved as files.
  for (const [button, name] of [['report-pdf', /^turno-\d+\.pdf$/], ['daily-pdf', /^cierre-\d{4}-\d{2}-\d{2}\.pdf$/]] as const) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(button).click()]);
    expect(download.suggestedFilename()).toMatch(name);
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream())) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }
  expect(await alerts()).toEqual([]);
}, 60_000);

it("locks by itself after the till settings' idle minutes without a key or a touch", async () => {
  const { page } = e2e;
  // The page's clock, fast-forwarded: the screen's own timer (lock_after_minutes, 5 by default) runs out.
  await page.clock.install();
  await page.reload();
  // Luis is still at the till (the server keeps the session's cashier): "Bloquear", then Ana.
  await page.getByTestId('lock').click();
  await signIn(ANA.name, ANA.pin);
  await page.clock.runFor(4 * 60_000);
  await page.keyboard.press('Shift'); // a key: the idle time starts again
  await page.clock.runFor(4 * 60_000);
  expect(await page.getByTestId('cashier-name').textContent()).toBe(ANA.name);
  await page.clock.runFor(60_000 + 1_000);
  await page.getByTestId('pin-pad').waitFor();
  expect(await page.getByTestId('cashier-badge').count()).toBe(0);
}, 60_000);

it('shows and filters documents by cashier, and lets the owner add a cashier and disable another on "Cajeros"', async () => {
  const { page, t, org } = e2e;
  await page.getByTestId('pin-pad').waitFor(); // locked by the idle timer above
  await signIn(MARTA.name, MARTA.pin);

  // Documents: who issued each one, and only Ana's with the cashier filter (her ticket and its void).
  await goTo('documents', 'document-filters');
  await page.getByTestId('document-cashier').first().waitFor();
  await page.getByTestId('filter-cashier').selectOption({ label: ANA.name });
  await expect.poll(() => page.getByTestId('document-cashier').allInnerTexts()).toEqual([ANA.name, ANA.name]);

  await goTo('cashiers', 'cashiers-screen');
  await expect.poll(() => page.getByTestId('cashier-row').count()).toBe(3);
  await page.getByTestId('cashier-form-name').fill('Pedro Rojas');
  await page.getByTestId('cashier-pin').fill('12'); // too short: said before anything is sent
  await page.getByTestId('cashier-save').click();
  expect(await alerts()).toEqual(['El PIN son 4 a 6 cifras.']);
  await page.getByTestId('cashier-pin').fill('4321');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId('cashier-row').count()).toBe(4);
  expect(await alerts()).toEqual([]);
  const ana = page.getByTestId('cashier-row').filter({ hasText: ANA.name });
  await ana.getByRole('button', { name: 'Desactivar' }).click();
  await expect.poll(() => ana.innerText()).toContain('Desactivado');
  const listed = (await t.call('GET', '/cashiers?include_inactive=true', { key: org.key })).body.data as { name: string; role: string; active: boolean }[];
  expect(listed.find((c) => c.name === 'Pedro Rojas')).toMatchObject({ role: 'cashier', active: true });
  expect(listed.find((c) => c.name === ANA.name)).toMatchObject({ active: false });
}, 60_000);
