/**
 * The counter's safety and the receipt, in headless Chromium against the real server and the local
 * tax-authority simulator: `1.000` refused instead of read as ₡1, a product scanned twice is one line of 2,
 * an Esc too many undone with Ctrl+Z, the ticket kept through a reload, cash short of the total confirmed
 * before issuing, the focus back in the search after issuing, the issued box gone at the next sale, the
 * receipt with cash, change, phone and units in words, the last ticket voided, and a line rung up by
 * CABYS code saved as a product and found by its code. Saves docs/screens/counter-*.png.
 */
import { expect, it } from 'vitest';
import { counterReady, isFocused, issuedClave } from './counter-page.ts';
import { useE2eSession } from './session.ts';
import { pdfText } from '../helpers/pdf.ts';

const MILK = { code: 'LEC-1', description: 'Leche entera 1 L', cabys_code: '2211001010000', unit: 'Unid', price: '1100', tax_rate_code: '02' };
const PHONE = '2222-3333';

const e2e = useE2eSession({ viewport: { width: 1024, height: 900 } });

const lineRows = () => e2e.page.getByTestId('lines').locator('tbody tr');
const lineCount = () => e2e.page.locator('[data-testid="lines"] tbody tr').count();

/** Types `text` into the search and adds the first hit with Enter. */
async function ring(text: string): Promise<void> {
  await e2e.page.keyboard.type(text);
  await e2e.page.keyboard.press('Enter');
}

/** The receipt PDF as the print frame loads it, fetched again with the organization's key, as text. */
async function receiptText(url: string): Promise<string> {
  const path = new URL(url).pathname.replace(/^\/api\/v1/, '') + new URL(url).search;
  const res = await fetch(`${e2e.t.url}/api/v1${path}`, { headers: { authorization: `Bearer ${e2e.org.key}` } });
  expect(res.status).toBe(200);
  return pdfText(Buffer.from(await res.arrayBuffer()), true).replace(/\s+/g, ' ');
}

it('refuses 1.000, merges a product rung up twice, undoes Esc and keeps the ticket through a reload', async () => {
  const { page, t, org } = e2e;
  expect((await t.call('POST', '/products', { key: org.key, body: MILK })).status).toBe(201);
  expect((await t.call('PUT', '/organizations/me', { key: org.key, body: { phone: PHONE } })).status).toBe(200);
  await page.reload();
  await counterReady(page);

  // The same product twice: one line of 2.
  await ring('lec');
  await expect.poll(lineCount).toBe(1);
  await ring('lec');
  await expect.poll(() => lineRows().first().locator('td').first().innerText()).toBe('2');
  expect(await lineCount()).toBe(1);

  // A CABYS code asks its price: "1.000" is refused with the reason, 1000 is taken.
  await ring('cafe');
  await page.getByTestId('price').waitFor();
  await page.keyboard.type('1.000');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId('number-problem').innerText()).toContain('1000');
  expect(await lineCount()).toBe(1);
  await page.getByTestId('price').fill('1000');
  await page.keyboard.press('Enter');
  await expect.poll(lineCount).toBe(2);

  // Esc on the empty search clears the ticket, undoably: Ctrl+Z brings it back.
  await expect.poll(() => isFocused(page, 'search')).toBe(true);
  await page.keyboard.press('Escape');
  await page.getByTestId('cleared').waitFor();
  expect(await page.getByTestId('lines').count()).toBe(0);
  await page.keyboard.press('Control+z');
  await expect.poll(lineCount).toBe(2);

  // A reload (F5 of the browser, a restart) finds the ticket in progress as it was.
  await page.reload();
  await counterReady(page);
  await expect.poll(lineCount).toBe(2);
  expect(await lineRows().first().locator('td').first().innerText()).toBe('2');

  // The cash received follows the same rule.
  await page.keyboard.press('F5');
  await page.keyboard.type('1.000');
  await expect.poll(() => page.getByTestId('tendered-problem').innerText()).toContain('1000');
}, 60_000);

it('asks before issuing short cash, prints cash and change, focuses the search, voids the ticket, clears its box at the next sale', async () => {
  const { page } = e2e;
  await page.getByTestId('total').waitFor();

  // 500 received for a bigger total: F9 asks; Esc goes back to the amount, nothing issued.
  await page.getByTestId('tendered').fill('500');
  await page.keyboard.press('F9');
  await page.getByTestId('short-cash').waitFor();
  expect(await page.getByTestId('short-cash').innerText()).toMatch(/faltan ₡/);
  await e2e.screenshot('counter-short-cash.png');
  await page.keyboard.press('Escape');
  await expect.poll(() => isFocused(page, 'tendered')).toBe(true);
  expect(await page.getByTestId('short-cash').count()).toBe(0);
  expect(await page.getByTestId('clave').count()).toBe(0);

  // Enough cash: issued at once, and the next customer's first key goes to the search.
  await page.getByTestId('tendered').fill('5000');
  await page.keyboard.press('F9');
  const clave = await issuedClave(page);
  await expect.poll(() => isFocused(page, 'search')).toBe(true);
  expect(await page.getByTestId('lines').count()).toBe(0);

  // F4: the receipt carries the cash received; it prints it with the change, the shop's phone, units in words.
  const receipt = page.waitForResponse((r) => r.url().includes(`/documents/${clave}/pdf`));
  await page.keyboard.press('F4');
  const url = (await receipt).url();
  await page.evaluate(() => document.getElementById('receipt-print-frame')?.remove());
  expect(new URL(url).searchParams.get('cash_received')).toBe('5000');
  const text = await receiptText(url);
  expect(text).toContain('Efectivo recibido ₡5,000.00');
  expect(text).toMatch(/Vuelto ₡[\d,]+\.\d\d/);
  expect(text).toContain('Teléfono: +506 22223333');
  expect(text).toMatch(/Leche entera 1 L 2 unidad\(es\) × ₡/);
  const refused = await e2e.t.call('GET', `/documents/${clave}/pdf?cash_received=5.000,00`, { key: e2e.org.key });
  expect([refused.status, refused.body.error?.code]).toEqual([400, 'invalid_request']); // a query parameter (docs/documents-api.md)

  // Void the last ticket, once accepted, after a confirmation.
  await page.locator('[data-testid="issued"] [data-status="accepted"]').waitFor({ timeout: 30_000 });
  await page.getByTestId('void').click();
  await page.getByTestId('void-confirm').waitFor();
  await page.getByTestId('void-yes').click();
  await page.locator('[data-testid="void-done"], [data-testid="void-confirm"] [role="alert"]').first().waitFor();
  expect(await page.locator('[data-testid="void-confirm"] [role="alert"]').allInnerTexts()).toEqual([]);
  expect(await page.getByTestId('void-done').innerText()).toMatch(/Nota de crédito \d{20}/);
  // The credit note references the ticket and is accepted by the (simulated) tax authority.
  const read = async (key: string) => (await e2e.t.call('GET', `/electronic-documents/${key}`, { key: e2e.org.key })).body.data;
  const creditNote = (await read(clave)).voided_by as string;
  expect(creditNote).toMatch(/^506\d{47}$/);
  await expect.poll(async () => (await read(creditNote)).status, { timeout: 20_000 }).toBe('accepted');

  // The next sale's first line takes the issued box away.
  await page.getByTestId('search').focus();
  await ring('lec');
  await expect.poll(lineCount).toBe(1);
  expect(await page.getByTestId('issued').count()).toBe(0);
}, 60_000);

it('confirms a short payment with Enter, saves the CABYS line as a product, and finds it by its code', async () => {
  const { page } = e2e;
  await page.keyboard.press('Delete'); // the milk of the last test
  await expect.poll(() => page.getByTestId('lines').count()).toBe(0);

  await ring('cafe');
  await page.getByTestId('price').waitFor();
  await page.keyboard.type('1500');
  await page.keyboard.press('Enter');
  await page.getByTestId('total').waitFor();
  const total = await page.getByTestId('total').innerText();
  await page.keyboard.press('F5');
  await page.keyboard.type('100');
  await page.keyboard.press('F9');
  await page.getByTestId('short-cash').waitFor();
  await page.keyboard.press('Enter'); // the confirmation has the focus: Enter issues anyway
  await issuedClave(page);

  // "Guardar como producto": a short code and name; Enter saves.
  await page.getByTestId('save-product').click();
  await expect.poll(() => isFocused(page, 'product-code')).toBe(true);
  await page.keyboard.type('CAFN');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Café negro');
  await e2e.screenshot('counter-save-product.png');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId('product-saved').innerText()).toContain('CAFN');

  // Next time its code finds it with its price: Enter adds it without asking, and it costs what it did.
  await page.getByTestId('search').focus();
  await ring('cafn');
  await expect.poll(lineCount).toBe(1);
  expect(await lineRows().first().innerText()).toMatch(/Café negro[\s\S]*₡1\s?500/);
  expect(await page.getByTestId('price').count()).toBe(0);
  await expect.poll(() => page.getByTestId('total').innerText()).toBe(total);
}, 60_000);
