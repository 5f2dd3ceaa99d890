/**
 * The counter with a thermal printer on its till (issue 15), in headless Chromium against the real server
 * and the raw-TCP test printer (test/helpers/escpos-printer.ts): a cash ticket issued with F9 comes out of
 * the printer by itself — no print dialog — with the drawer pulse, the cash received and the change; the
 * issued panel says "Impreso"; F4 reprints a "COPIA" without opening the drawer; a printer switched off
 * shows "No impreso — reintentar" with its reason, and F4 prints it once it is back.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestPrinter, type PrintedJob } from '../helpers/escpos-printer.ts';
import { counterReady, issuedClave } from './counter-page.ts';
import { useE2eSession } from './session.ts';

const e2e = useE2eSession({ viewport: { width: 1024, height: 900 } });
let printer: TestPrinter;
beforeAll(async () => {
  printer = await TestPrinter.start();
});
afterAll(async () => printer.close());

const MILK = { code: 'LEC-1', description: 'Leche entera 1 L', cabys_code: '2211001010000', unit: 'Unid', price: '1100', tax_rate_code: '02' };
const drawerKicks = (job: PrintedJob) => job.commands.filter((c) => c.type === 'drawer');
const printState = () => e2e.page.getByTestId('print-state');

it('prints the receipt on the till printer with the drawer pulse, reprints a copy, and retries a printer that was off', async () => {
  const { page, t, org } = e2e;
  expect((await t.call('POST', '/products', { key: org.key, body: MILK })).status).toBe(201);
  const created = await t.call('POST', '/printers', { key: org.key, body: { name: 'Caja 3', connection: 'network', host: printer.host, port: printer.port, terminal: '3', drawer: true } });
  expect(created.status, created.text).toBe(201);
  await page.evaluate(() => localStorage.setItem('facturador.till', JSON.stringify({ branch: '001', terminal: '00003' })));
  await page.reload();
  await counterReady(page);
  // No print frame is ever made on a till with a printer: the browser's dialog stays shut.
  const frames: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/pdf')) frames.push(request.url());
  });

  await page.keyboard.type('lec');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId('lines').locator('tbody tr').count()).toBe(1);
  await page.keyboard.press('F5');
  await page.keyboard.type('5000');
  await page.keyboard.press('Enter');
  const printed = printer.waitForJobs(1);
  await page.keyboard.press('F9');
  const clave = await issuedClave(page);
  const [job] = await printed;
  const receipt = job!.text.join('\n');
  expect(receipt).toContain(clave.slice(0, 25));
  expect(receipt).toMatch(/Leche entera 1 L/);
  expect(receipt).toMatch(/5[ ,.]?000\.00/); // the cash received
  expect(receipt).toMatch(/3[ ,.]?889\.00/); // the change: 5,000 − 1,111 (1,100 + 1 % VAT)
  expect(drawerKicks(job!)).toEqual([{ type: 'drawer', pin: 2, onMs: 50, offMs: 500 }]);
  expect(job!.commands.some((c) => c.type === 'cut')).toBe(true);
  await expect.poll(() => printState().getAttribute('data-print')).toBe('printed');
  expect(await printState().innerText()).toBe('Impreso');
  const doc = (await t.call('GET', `/electronic-documents/${clave}`, { key: org.key })).body.data;
  expect(doc.consecutive_number.slice(3, 8)).toBe('00003');
  expect(doc.print).toMatchObject({ state: 'printed', copies: 1 });
  await e2e.screenshot('counter-printed.png');

  // F4: a copy, without the drawer.
  const copy = printer.waitForJobs(2);
  await page.keyboard.press('F4');
  const copyJob = (await copy)[1]!;
  expect(copyJob.text.join('\n')).toContain('COPIA');
  expect(drawerKicks(copyJob)).toEqual([]);
  await expect.poll(() => printState().getAttribute('data-print')).toBe('printed');

  // The printer switched off: the next sale is issued all the same and says it did not print, and why.
  await printer.off();
  await page.keyboard.type('lec');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId('lines').locator('tbody tr').count()).toBe(1);
  await page.keyboard.press('F9');
  const second = await issuedClave(page);
  expect(second).not.toBe(clave);
  await expect.poll(() => printState().getAttribute('data-print'), { timeout: 15_000 }).toBe('failed');
  expect(await printState().innerText()).toBe('No impreso — reintentar: apagada o desconectada');
  await e2e.screenshot('counter-not-printed.png');

  // Back on (here: another port, the printer's address changed in its settings): F4 prints it, not as a copy.
  const back = await TestPrinter.start();
  try {
    expect((await t.call('PUT', `/printers/${created.body.data.id}`, { key: org.key, body: { port: back.port } })).status).toBe(200);
    const retried = back.waitForJobs(1);
    await page.keyboard.press('F4');
    const retryJob = (await retried)[0]!;
    expect(retryJob.text.join('\n')).toContain(second.slice(0, 25));
    expect(retryJob.text.join('\n')).not.toContain('COPIA');
    await expect.poll(() => printState().getAttribute('data-print')).toBe('printed');
  } finally {
    await back.close();
  }
  expect(frames).toEqual([]);
}, 90_000);
