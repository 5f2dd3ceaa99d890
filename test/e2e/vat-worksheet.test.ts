/**
 * "Declaración IVA" in headless Chromium against the real server: a month with one invoice issued (10
 * lunches at ₡4,500 + 13 % VAT, accepted by the tax-authority simulator) and one supplier's invoice uploaded
 * and accepted (its whole VAT as credit). The worksheet shows the notice, the sale's base and tax, the
 * purchase's credit, the result as a balance in favour, and opens the documents behind a line; withholdings
 * typed in change the balance; its CSV and PDF download with the same figures. Saves docs/screens/vat-worksheet.png.
 */
import { expect, it } from 'vitest';
import { Dec } from '../../src/domain/money.ts';
import { exampleRequest } from '../fixtures/example-requests.ts';
import { useE2eSession } from './session.ts';
import { filesOf, supplierInvoice, uploadOverApi } from './supplier-files.ts';

const e2e = useE2eSession();

/** ₡ and two decimals in Spanish (Costa Rica), as the screens write money; `amount` decimal text. */
const colones = (amount: string) =>
  e2e.page.evaluate((n) => `₡${Number(n).toLocaleString('es-CR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`, amount);

/** The month in Costa Rica (UTC−6), YYYY-MM. */
const crMonth = (at: Date) => new Date(at.getTime() - 6 * 3_600_000).toISOString().slice(0, 7);

async function issueAccepted(body: Record<string, unknown>): Promise<string> {
  const { t, org } = e2e;
  const issued = await t.call('POST', '/electronic-documents', { key: org.key, body });
  expect(issued.status, issued.text).toBe(201);
  const clave = issued.body.data.document_key as string;
  await expect.poll(async () => (await t.call('GET', `/electronic-documents/${clave}`, { key: org.key })).body.data.status, { timeout: 20_000 }).toBe('accepted');
  return clave;
}

it('shows a month with an issued invoice and an accepted purchase, with the right figures, and drills down', async () => {
  const { page, t, org } = e2e;
  const at = new Date(Date.now() - 60_000);
  const body = exampleRequest('01-factura', at);
  body['items'] = [{ cabys_code: '6331000000000', quantity: 10, unit: 'Os', description: 'Almuerzo ejecutivo', price: 4500, tax: { type: '01', rate_code: '08' } }];
  delete body['other_charges'];
  const invoice = await issueAccepted(body);

  const purchase = supplierInvoice();
  await uploadOverApi(t, org.key, filesOf(purchase));
  const answered = await t.call('POST', `/received-documents/${purchase.clave}/answer`, { key: org.key, body: { message: 1 } });
  expect(answered.status, answered.text).toBe(201);
  const bought = answered.body.data as { total_tax: string; transaction_month: string; currency: string };
  const month = crMonth(at);
  expect(bought).toMatchObject({ transaction_month: month, currency: 'CRC' });

  await page.getByTestId('nav-vat').click();
  await page.getByTestId('vat-screen').waitFor();
  // It opens on the previous month; this one is asked for.
  expect(await page.getByTestId('vat-month').inputValue()).not.toBe(month);
  await page.getByTestId('vat-month').fill(month);
  await page.getByTestId('vat-month').press('Enter');
  const sheet = page.locator(`[data-testid="vat-sheet"][data-month="${month}"]`);
  await sheet.waitFor();
  expect(await page.getByTestId('vat-notice').innerText()).toContain('D-104-2');

  // The sale: 10 × ₡4,500 of services at 13 %.
  const sale = sheet.locator('[data-testid="vat-section-sales"] tr[data-line="sales_08_services"]');
  expect(await sale.locator('[data-figure="base"]').innerText()).toBe(await colones('45000'));
  expect(await sale.locator('[data-figure="tax"]').innerText()).toBe(await colones('5850'));
  expect(await sale.locator('[data-figure="documents"]').innerText()).toBe('1');
  // The purchase, accepted with CondicionImpuesto 01: its whole VAT is credit.
  const credit = sheet.locator('[data-testid="vat-section-credits"] tr[data-line="credit_general"]');
  const tax = new Dec(bought.total_tax).toFixed(2);
  expect(await credit.locator('[data-figure="tax"]').innerText()).toBe(await colones(tax));
  expect(await credit.locator('[data-figure="documents"]').innerText()).toBe('1');

  // The result: ₡5,850 of output VAT less the credit.
  const totals = page.getByTestId('vat-totals');
  const balance = new Dec('5850').minus(tax);
  expect(await totals.locator('[data-total="debit"]').innerText()).toBe(await colones('5850'));
  expect(await totals.locator('[data-total="credit"]').innerText()).toBe(await colones(tax));
  expect(await totals.getAttribute('data-kind')).toBe(balance.isNegative() ? 'in_favour' : 'payable');
  expect(await totals.locator('dt.balance').innerText()).toBe(balance.isNegative() ? 'Saldo a favor' : 'Saldo a pagar');
  expect(await totals.locator('[data-total="balance"]').innerText()).toBe(await colones(balance.abs().toFixed(2)));

  // A line opens the documents behind it: the sale's is the invoice, the credit's the supplier's.
  await sale.click();
  const drill = page.locator('[data-testid="vat-drill"][data-line="sales_08_services"]');
  await drill.locator(`tr[data-clave="${invoice}"][data-source="issued"]`).waitFor();
  expect(await drill.locator('tbody tr').count()).toBe(1);
  await credit.focus();
  await page.keyboard.press('Enter');
  const creditDrill = page.locator('[data-testid="vat-drill"][data-line="credit_general"]');
  await creditDrill.locator(`tr[data-clave="${purchase.clave}"][data-source="received"]`).waitFor();
  expect(await page.locator('[role="alert"]').allInnerTexts()).toEqual([]);
  await e2e.screenshot('vat-worksheet.png');
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByTestId('vat-drill').count()).toBe(0);

  // Figures no document carries, typed as the shopkeeper types them: refused when unreadable, else counted.
  await page.getByTestId('vat-proportionality').fill('120');
  await page.getByTestId('vat-withholdings').fill('1000,50');
  await page.getByTestId('vat-withholdings').press('Enter');
  expect(await page.getByTestId('vat-params').locator('.problem').allInnerTexts()).toEqual(['Un porcentaje de 0 a 100.']);
  await page.getByTestId('vat-proportionality').fill('');
  await page.getByTestId('vat-compute').click();
  const withheld = balance.minus('1000.50');
  await expect.poll(() => totals.locator('[data-total="balance"]').innerText()).toBe(await colones(withheld.abs().toFixed(2)));
  expect(await totals.getAttribute('data-kind')).toBe(withheld.isNegative() ? 'in_favour' : 'payable');

  // The exports: the same month and figures, as CSV and as PDF.
  for (const [id, type] of [['vat-csv', 'text/csv'], ['vat-pdf', 'application/pdf']] as const) {
    const href = await page.getByTestId(id).getAttribute('href');
    expect(href).toContain(`month=${month}`);
    expect(href).toContain('withholdings=1000.50');
    const file = await page.request.get(new URL(href!, page.url()).href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toContain(type);
  }
}, 60_000);
