/**
 * "Compras" in headless Chromium against the real server: a supplier's invoice, the tax authority's
 * acceptance and its PDF uploaded through the file picker, shown file by file; the deadline banner; the
 * document with its checks and PDF; accepted with the prefilled answer (whole VAT as credit), its state
 * changing on screen and on the server. Then more dropped on the screen, several pending ones accepted at
 * once, one after another, and one rejected with its reason. Saves docs/screens/purchases.png.
 */
import { expect, it } from 'vitest';
import { useE2eSession } from './session.ts';
import { filesOf, supplierInvoice, uploadOverApi, type FilePayload } from './supplier-files.ts';

const e2e = useE2eSession();

const received = async (clave: string) => (await e2e.t.call('GET', `/received-documents/${clave}`, { key: e2e.org.key })).body.data;
/** The day as the screens write it (es-CR, long). */
const longDay = (ymd: string) => e2e.page.evaluate((d) => new Date(`${d}T00:00:00Z`).toLocaleDateString('es-CR', { dateStyle: 'long', timeZone: 'UTC' }), ymd);

/** Drops files on the page as a file manager would (a drop event carrying them). */
async function drop(files: FilePayload[]): Promise<void> {
  const payload = files.map((f) => ({ name: f.name, type: f.mimeType, base64: f.buffer.toString('base64') }));
  await e2e.page.evaluate((list) => {
    const transfer = new DataTransfer();
    for (const f of list) transfer.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
    const zone = document.querySelector('[data-testid="purchases-screen"]')!;
    zone.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer }));
    zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
  }, payload);
}

async function openPurchases(): Promise<void> {
  await e2e.page.getByTestId('nav-purchases').click();
  await e2e.page.getByTestId('purchases-screen').waitFor();
}

it('uploads a supplier\'s invoice with its answer and PDF, shows its checks, and accepts it', async () => {
  const { page } = e2e;
  const doc = supplierInvoice();
  await openPurchases();

  await page.getByTestId('upload-input').setInputFiles(filesOf(doc));
  const results = page.getByTestId('upload-results').locator('li');
  await expect.poll(() => results.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-status')))).toEqual(['stored', 'attached', 'attached']);
  expect(await results.allInnerTexts()).toEqual([
    `FE-${doc.consecutive}.xml — Guardada`, `MH-${doc.consecutive}.xml — Respuesta de Hacienda agregada`, `FE-${doc.consecutive}.pdf — PDF agregado`,
  ]);

  const stored = await received(doc.clave);
  expect(stored).toMatchObject({ state: 'pending', hacienda_answer: 'aceptado', has_pdf: true });
  const banner = page.getByTestId('deadline-banner');
  await expect.poll(() => page.getByTestId('nav-pending').innerText()).toBe('1');
  await expect.poll(() => banner.innerText()).toContain(`1 documento por responder; el plazo vence el ${await longDay(stored.answer_due)}.`);

  const row = page.locator(`tr[data-clave="${doc.clave}"]`);
  expect(await row.getByTestId('state').innerText()).toBe('Por responder');
  await row.focus();
  await page.keyboard.press('Enter');
  const detail = page.locator(`[data-testid="purchase-detail"][data-clave="${doc.clave}"]`);
  await detail.waitFor();
  expect(await detail.getByTestId('detail-hacienda').innerText()).toBe('Aceptada');
  // The checks as the server words them in Spanish, those that block the credit first.
  const findings = stored.findings as { code: string; blocking: boolean; message: string }[];
  const expected = [...findings].sort((a, b) => Number(b.blocking) - Number(a.blocking));
  if (expected.length === 0) await detail.getByTestId('findings-none').waitFor();
  else {
    await expect.poll(() => detail.getByTestId('findings').locator('li').allInnerTexts())
      .toEqual(expected.map((f) => `${f.blocking ? 'Impide el crédito' : 'Aviso'}: ${f.message}`));
  }

  await e2e.screenshot('purchase-detail.png');

  // The PDF, in the page and as a link, is the supplier's own file.
  await detail.getByTestId('pdf-toggle').click();
  const pdfSrc = await detail.getByTestId('pdf-frame').getAttribute('src');
  const pdf = await page.request.get(new URL(pdfSrc!, page.url()).href);
  expect([pdf.status(), pdf.headers()['content-type']]).toEqual([200, 'application/pdf']);
  expect((await pdf.body()).toString()).toContain('factura del proveedor');
  await detail.getByTestId('pdf-toggle').click();

  // Prefilled: accept, CondicionImpuesto 01, the whole VAT as credit, the rest of the total as expense.
  const form = detail.getByTestId('answer-form');
  expect(await form.getByTestId('answer-1').isChecked()).toBe(true);
  expect(await form.getByTestId('answer-condition').inputValue()).toBe('01');
  expect(await form.getByTestId('answer-credit').inputValue()).toBe(String(Number(stored.total_tax)));
  expect(await form.getByTestId('answer-expense').inputValue()).toBe(String(Number(stored.total) - Number(stored.total_tax)));
  await form.getByTestId('answer-credit').focus();
  await page.keyboard.press('Control+Enter');

  await expect.poll(() => detail.getByTestId('detail-state').innerText(), { timeout: 15_000 }).toBe('Aceptada');
  expect(await row.getByTestId('state').innerText()).toBe('Aceptada');
  expect(await page.locator('[role="alert"]').allInnerTexts()).toEqual([]);
  const answered = await received(doc.clave);
  expect(answered).toMatchObject({ state: 'accepted', claimable: !findings.some((f) => f.blocking) });
  expect(answered.answer_document_id).not.toBeNull();
  expect(await detail.getByTestId('answer-form').count()).toBe(0);
  // Nothing waits any more: the banner goes, and the top bar's count once the shopkeeper moves on.
  await expect.poll(() => banner.count()).toBe(0);
  await page.getByTestId('nav-documents').click();
  await expect.poll(() => page.getByTestId('nav-pending').count()).toBe(0);
  await page.getByTestId('nav-purchases').click();
}, 60_000);

it('accepts several pending invoices at once, one after another, and rejects one with its reason', async () => {
  const { page, t, org } = e2e;
  const docs = [supplierInvoice(), supplierInvoice(), supplierInvoice()];
  // One came over the API (as the mailbox would bring it); the other two are dropped on the screen.
  await uploadOverApi(t, org.key, filesOf(docs[0]!));
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await page.locator(`tr[data-clave="${docs[0]!.clave}"]`).waitFor();
  await drop(docs.slice(1).flatMap(filesOf));
  const results = page.getByTestId('upload-results').locator('li');
  await expect.poll(() => results.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-status')))).toEqual(['stored', 'attached', 'attached', 'stored', 'attached', 'attached']);
  const banner = page.getByTestId('deadline-banner');
  await expect.poll(() => banner.innerText()).toMatch(/^3 documentos por responder; el plazo vence el /);

  // The third is rejected: a rejection asks for its reason first.
  const [first, second, third] = docs as [typeof docs[0], typeof docs[0], typeof docs[0]];
  await page.locator(`tr[data-clave="${third.clave}"]`).click();
  const detail = page.locator(`[data-testid="purchase-detail"][data-clave="${third.clave}"]`);
  await detail.getByTestId('answer-3').check();
  expect(await detail.getByTestId('answer-credit').count()).toBe(0);
  await detail.getByTestId('answer-send').click();
  await expect.poll(() => detail.locator('[role="alert"]').allInnerTexts()).toEqual(['Escriba el motivo (de 5 a 160 letras).']);
  await detail.getByTestId('answer-detail').fill('Mercadería no recibida');
  await detail.getByTestId('answer-send').click();
  await expect.poll(() => detail.getByTestId('detail-state').innerText(), { timeout: 15_000 }).toBe('Rechazada');
  expect((await received(third.clave)).state).toBe('rejected');
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByTestId('purchase-detail').count()).toBe(0);

  // The two left pending: picked all at once, accepted one after the other, each with its result.
  await page.getByTestId('bulk-select-all').click();
  await page.getByTestId('bulk-accept').click();
  const progress = page.getByTestId('bulk-progress');
  await expect.poll(() => progress.getAttribute('data-running'), { timeout: 20_000 }).toBe('false');
  expect(await progress.innerText()).toBe('Listo: 2 aceptadas, 0 con problemas.');
  const lines = page.getByTestId('bulk-results').locator('li');
  expect(await lines.evaluateAll((lis) => lis.map((li) => [li.getAttribute('data-clave'), li.getAttribute('data-ok')]))).toEqual(
    expect.arrayContaining([[first.clave, 'true'], [second.clave, 'true']]),
  );
  expect(await lines.count()).toBe(2);
  for (const doc of [first, second]) {
    expect(await page.locator(`tr[data-clave="${doc.clave}"]`).getByTestId('state').innerText()).toBe('Aceptada');
    expect((await received(doc.clave)).state).toBe('accepted');
  }
  await expect.poll(() => banner.count()).toBe(0);
  await e2e.screenshot('purchases.png');
}, 60_000);
