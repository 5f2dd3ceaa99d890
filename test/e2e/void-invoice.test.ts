/**
 * Voiding an invoice, in headless Chromium against the real server and the local tax-authority simulator:
 * an invoice (01) for a receiver found in the tax register, written on the Invoice screen by keyboard
 * with the server's live totals, accepted; then voided from the Documents screen: its credit note is
 * accepted and the original shows voided. Saves docs/screens/invoice.png and docs/screens/void.png.
 */
import { expect, it } from 'vitest';
import { useE2eSession } from './session.ts';

/** A legal entity the simulator's tax register knows (src/hacienda/simulator/public-api.ts). */
const RECEIVER_ID = '3102654321';
const CABYS_SOFTWARE_CONSULTING = '8313100000200';

const e2e = useE2eSession();

const focused = (testId: string) => e2e.page.getByTestId(testId).evaluate((el) => el === document.activeElement);
const alerts = () => e2e.page.locator('[role="alert"]').allInnerTexts();

it('issues an invoice with a receiver, sees it accepted, and voids it from Documents', async () => {
  const { page, t, org } = e2e;

  // Alt+3: the invoice screen opens with the receiver search focused (pressed again until the page has
  // started listening: the first key can come before React's first commit).
  await expect.poll(async () => {
    await page.keyboard.press('Alt+3');
    return page.getByTestId('invoice-screen').isVisible();
  }).toBe(true);
  await expect.poll(() => focused('party-search')).toBe(true);
  expect(await page.getByTestId('document-type').inputValue()).toBe('01');

  // The receiver from the tax register by its ID number, chosen with Enter.
  await page.keyboard.type(RECEIVER_ID);
  await expect.poll(() => page.getByTestId('party-results').innerText()).toContain('DISTRIBUIDORA EL SOL');
  await page.keyboard.press('Enter');
  expect(await page.getByTestId('party-id').inputValue()).toBe(RECEIVER_ID);
  expect(await page.getByTestId('party-name').inputValue()).toBe('DISTRIBUIDORA EL SOL LIMITADA');

  // F4, a CABYS search, Enter: the line asks its price; Enter goes back to the search.
  await page.keyboard.press('F4');
  await expect.poll(() => focused('line-search')).toBe(true);
  await page.keyboard.type('consultoria en software');
  await expect.poll(() => page.getByTestId('line-results').innerText()).toContain(CABYS_SOFTWARE_CONSULTING);
  await page.keyboard.press('Enter');
  await expect.poll(() => focused('line-price-0')).toBe(true);
  await page.keyboard.type('25000');
  await page.keyboard.press('Enter');
  await expect.poll(() => focused('line-search')).toBe(true);

  // The totals are the engine's (draft check), never computed in the page: 25 000 + 13 % VAT.
  await page.locator('[data-testid="totals"][data-state="valid"]').waitFor();
  const expected = await page.evaluate(() => `₡${(28250).toLocaleString('es-CR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
  expect(await page.getByTestId('invoice-total').innerText()).toBe(expected);
  expect(await page.getByTestId('line-total-0').innerText()).toBe(expected);
  await e2e.screenshot('invoice.png');

  // F9 issues; the clave shows at once and the status follows to accepted.
  await page.keyboard.press('F9');
  await page.locator('[data-testid="invoice-clave"], [role="alert"]').first().waitFor({ timeout: 10_000 });
  expect(await alerts()).toEqual([]);
  const clave = (await page.getByTestId('invoice-clave').innerText()).trim();
  expect(clave).toMatch(/^506\d{47}$/);
  await page.locator('[data-testid="invoice-issued"] [data-status="accepted"]').waitFor({ timeout: 30_000 });
  const invoice = (await t.call('GET', `/electronic-documents/${clave}`, { key: org.key })).body.data;
  expect(invoice).toMatchObject({ status: 'accepted', document_type: '01', receptor_identification: RECEIVER_ID, total_amount: 28250 });

  // Documents, with the invoice open: void it (asked twice), and wait for its credit note's verdict.
  await page.getByTestId('open-in-documents').click();
  const detail = page.locator(`[data-testid="document-detail"][data-key="${clave}"]`);
  await detail.locator('[data-status="accepted"]').waitFor();
  expect(await detail.getByTestId('hacienda-message').innerText()).toMatch(/aceptado/i);
  // Who signed the answer: the simulator's certificate; valid, its chain to the Costa Rican roots not verified.
  expect(await detail.getByTestId('response-signature').innerText()).toBe('Respuesta de Hacienda firmada por SIMULADOR HACIENDA - COMPROBANTES ELECTRONICOS: firma válida, cadena no verificada.');
  await detail.getByTestId('void').click();
  await expect.poll(() => focused('void-reason')).toBe(true);
  await page.keyboard.type('Error en el precio');
  await page.keyboard.press('Enter');
  await detail.getByTestId('void-state').waitFor();
  expect(await alerts()).toEqual([]);
  await detail.locator('[data-status="voided"]').waitFor({ timeout: 30_000 });
  expect(await detail.getByTestId('void-state').innerText()).toMatch(/Anulado por la nota de crédito \d{20}/);

  // The list shows the credit note accepted and the original voided; the server agrees.
  const rows = page.getByTestId('documents').locator('tbody tr');
  await rows.locator('[data-status="voided"]').first().waitFor();
  const creditNotes = (await t.call('GET', '/documents?document_type=03', { key: org.key })).body.data;
  expect(creditNotes).toHaveLength(1);
  expect(creditNotes[0]).toMatchObject({ status: 'accepted', receptor_identification: RECEIVER_ID, total: 28250 });
  await page.locator(`tr[data-key="${creditNotes[0].document_key}"] [data-status="accepted"]`).waitFor();
  expect(await page.locator(`tr[data-key="${clave}"] [data-status="voided"]`).count()).toBe(1);
  const again = await t.call('POST', `/documents/${clave}/void`, { key: org.key, body: {} });
  expect(again.status).toBe(409);
  expect(again.body.error.code).toBe('already_voided');
  const note = (await t.call('GET', `/electronic-documents/${creditNotes[0].document_key}`, { key: org.key })).body.data;
  expect(note.signed_xml).toContain(`<Numero>${clave}</Numero>`);
  expect(note.signed_xml).toContain('<Razon>Error en el precio</Razon>');
  await e2e.screenshot('void.png');
}, 120_000);
