/**
 * Notes and balances in headless Chromium against the real server and the local tax-authority simulator:
 * a ticket found by the last digits of its consecutive and voided from Documents; an invoice corrected by a
 * partial credit note written on the invoice screen (a note over the balance first refused beside the
 * reference), then voided for what is left, showing both notes and offering no more credit. Saves
 * docs/screens/void-ticket.png, credit-note.png and notes-balance.png.
 */
import { expect, it } from 'vitest';
import { useE2eSession } from './session.ts';
import { exampleRequest } from '../fixtures/example-requests.ts';

const e2e = useE2eSession();

const alerts = () => e2e.page.locator('[role="alert"]').allInnerTexts();
/** ₡ and two decimals in Spanish (Costa Rica), as the screens write money. */
const colones = (amount: number) => e2e.page.evaluate((n) => `₡${n.toLocaleString('es-CR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`, amount);

/** Issues a request over the API and waits until the tax authority (the simulator) accepts it. */
async function accepted(body: Record<string, unknown>): Promise<{ clave: string; consecutive: string }> {
  const { t, org } = e2e;
  const issued = await t.call('POST', '/electronic-documents', { key: org.key, body });
  expect(issued.status, issued.text).toBe(201);
  const clave = issued.body.data.document_key as string;
  await expect.poll(async () => (await t.call('GET', `/electronic-documents/${clave}`, { key: org.key })).body.data.status, { timeout: 20_000 }).toBe('accepted');
  return { clave, consecutive: issued.body.data.consecutive_number };
}

async function openDocuments(): Promise<void> {
  await e2e.page.getByTestId('nav-documents').click();
  await e2e.page.getByTestId('document-filters').waitFor();
}

it('finds a ticket by the last digits of its number and voids it from Documents', async () => {
  const { page } = e2e;
  const ticket = await accepted(exampleRequest('04-tiquete', new Date(Date.now() - 60_000)));
  await openDocuments();
  await page.getByTestId('filter-search').fill(String(Number(ticket.consecutive.slice(10))));
  await page.locator(`tr[data-key="${ticket.clave}"]`).click();
  const detail = page.locator(`[data-testid="document-detail"][data-key="${ticket.clave}"]`);
  await detail.locator('[data-status="accepted"]').first().waitFor();
  expect(await detail.getByTestId('balance').innerText()).toBe(`Saldo por acreditar: ${await colones(5085)}`);

  await detail.getByTestId('void').click();
  expect(await detail.getByTestId('void-form').innerText()).toContain(`nota de crédito por ${await colones(5085)}`);
  await page.keyboard.type('Cliente no quiso el almuerzo');
  await page.keyboard.press('Enter');
  await detail.locator('[data-status="voided"]').waitFor({ timeout: 30_000 });
  expect(await alerts()).toEqual([]);
  await detail.locator('[data-testid="balance"][data-balance="0"]').waitFor();
  expect(await detail.getByTestId('related-notes').locator('li').count()).toBe(1);
  expect(await detail.getByTestId('void').count()).toBe(0);
  await e2e.screenshot('void-ticket.png');
}, 60_000);

it('credits an invoice in part from the invoice screen, voids what is left, and offers no more credit', async () => {
  const { page, t, org } = e2e;
  // The walk-through's invoice: 10 lunches at ₡4,500 + 13 % VAT = ₡50,850.
  const body = exampleRequest('01-factura', new Date(Date.now() - 60_000));
  body['items'] = [{ cabys_code: '6331000000000', quantity: 10, unit: 'Os', description: 'Almuerzo ejecutivo', price: 4500, tax: { type: '01', rate_code: '08' } }];
  delete body['other_charges'];
  const invoice = await accepted(body);

  await openDocuments();
  await page.getByTestId('filter-search').fill(invoice.consecutive);
  await page.locator(`tr[data-key="${invoice.clave}"]`).click();
  const detail = page.locator(`[data-testid="document-detail"][data-key="${invoice.clave}"]`);
  await detail.getByTestId('credit-note').click();

  // The note starts from the invoice: its day (not a timestamp), a correction code, its lines.
  await page.getByTestId('invoice-screen').waitFor();
  expect(await page.getByTestId('document-type').inputValue()).toBe('03');
  expect(await page.getByTestId('ref-date').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(await page.getByTestId('ref-code').inputValue()).toBe('14');
  const quantity = page.getByTestId('invoice-lines').getByRole('textbox', { name: 'Cant.' });
  await quantity.fill('1');

  // More than the invoice: refused beside the reference, in Spanish.
  await page.getByTestId('line-price-0').fill('50000');
  await page.locator('[data-testid="totals"][data-state="valid"]').waitFor();
  await page.keyboard.press('F9');
  await page.getByTestId('ref-number-error').waitFor();
  expect(await page.getByTestId('ref-number-error').innerText()).toBe('La nota (56500.00 CRC) supera el saldo pendiente del comprobante referido (50850.00 CRC).');
  expect(await page.getByTestId('issue-error').innerText()).toBe('No se emitió: corrija lo señalado en el documento de referencia.');

  // ₡7,000 + VAT = ₡7,910: issued; the form is a new invoice again, and offers print and e-mail.
  await page.getByTestId('line-price-0').fill('7000');
  const partial = await colones(7910);
  await expect.poll(() => page.getByTestId('invoice-total').innerText()).toBe(partial);
  await page.keyboard.press('F9');
  await page.getByTestId('invoice-clave').waitFor();
  expect(await page.getByTestId('document-type').inputValue()).toBe('01');
  expect(await page.getByTestId('reference').count()).toBe(0);
  expect(await page.getByTestId('issued-print').getAttribute('href')).toMatch(/\/documents\/\d{50}\/pdf\?disposition=inline&lang=es$/);
  expect(await page.getByTestId('invoice-issued').getByTestId('email-to').inputValue()).toBe('mariajose@example.cr');
  await page.locator('[data-testid="invoice-issued"] [data-status="accepted"]').waitFor({ timeout: 30_000 });
  await e2e.screenshot('credit-note.png');

  // From the note, back to the invoice: ₡42,940 left, one note.
  await page.getByTestId('open-in-documents').click();
  // The note names what it corrects in words, not by a bare Nota 10 code.
  await expect.poll(() => page.getByTestId('document-detail').innerText()).toMatch(/Referencia: 01 Factura electr[oó]nica/i);
  await page.getByTestId('open-referenced').click();
  await detail.locator('[data-testid="balance"][data-balance="42940"]').waitFor();
  expect(await detail.getByTestId('balance').innerText()).toBe(`Saldo por acreditar: ${await colones(42940)}`);
  expect(await detail.getByTestId('related-notes').locator('li').count()).toBe(1);

  // The void credits only the remainder.
  await detail.getByTestId('void').click();
  expect(await detail.getByTestId('void-form').innerText()).toContain(`nota de crédito por ${await colones(42940)}`);
  await page.keyboard.press('Enter');
  await detail.locator('[data-status="voided"]').waitFor({ timeout: 30_000 });
  await detail.locator('[data-testid="balance"][data-balance="0"]').waitFor();
  expect(await detail.getByTestId('balance').innerText()).toBe('Acreditado por completo: ya no admite notas de crédito.');
  const notes = detail.getByTestId('related-notes').locator('li');
  await expect.poll(() => notes.count()).toBe(2);
  expect(await notes.nth(1).innerText()).toContain(await colones(42940));
  expect(await detail.getByTestId('credit-note').count()).toBe(0);
  expect(await detail.getByTestId('void').count()).toBe(0);
  expect(await alerts()).toEqual([]);
  const view = (await t.call('GET', `/electronic-documents/${invoice.clave}`, { key: org.key })).body.data;
  expect(view.related_documents.map((n: { total: number }) => n.total)).toEqual([7910, 42940]);
  await e2e.screenshot('notes-balance.png');
}, 90_000);
