/**
 * bench:ui's till figures (issue 15; bench/ui.ts runs them on its server and signed-in page):
 *
 * - the keys of a scale-label sale from an empty counter: the scanner types the label and its Enter, the
 *   cashier presses F9 (cash is preselected), until the clave shows;
 * - the time from F9 to the first byte of the receipt at a raw-TCP receipt printer (test/helpers/
 *   escpos-printer.ts) on this till: issuing, the answer, the print after it (rendering in the printing
 *   worker) and the connection. Target < 150 ms. The first receipt after start-up (the worker starting)
 *   is a warm-up, reported apart.
 */
import type { Page } from 'playwright-core';
import { TestPrinter } from '../test/helpers/escpos-printer.ts';
import { percentile } from './lib/percentile.ts';

const WEIGHT_LABEL = '2100427007342'; // prefix 21, item 00427, 0.734 kg
const GOODS = '2391102010200';

function caller(base: string, key: string) {
  return async (method: string, path: string, body: unknown): Promise<{ id?: number }> => {
    const headers: Record<string, string> = { authorization: `Bearer ${key}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? {} : ((await res.json()) as { data: { id?: number } }).data;
  };
}

async function emptyCounter(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/#counter`);
  await page.reload();
  await page.waitForFunction(() => document.querySelector('section.counter[data-ready="true"]') && document.activeElement?.getAttribute('data-testid') === 'search');
}

/** A weighed item's label, scanned, then F9: the cashier's keys and the scanner's characters until the clave. */
export async function scaleLabelSale(page: Page, base: string, key: string): Promise<void> {
  const call = caller(base, key);
  await call('PUT', '/settings/till', { scale_formats: [{ prefix: '21', item_digits: 5, value: 'weight', decimals: 3 }] });
  await call('POST', '/products', { code: '00427', description: 'Queso Turrialba', cabys_code: GOODS, unit: 'Kg', price: '4500', tax_rate_code: '08', price_includes_vat: true });
  await emptyCounter(page, base);
  const start = performance.now();
  await page.keyboard.type(WEIGHT_LABEL); // the scanner: the label's digits and its Enter
  await page.keyboard.press('Enter');
  await page.getByTestId('lines').waitFor(); // the cashier looks before issuing
  await page.keyboard.press('F9');
  await page.getByTestId('clave').waitFor({ timeout: 10_000 });
  console.log('ui_keystrokes_scale_label_sale: 1 keys'); // F9; the scanner types the rest
  console.log(`ui_scale_label_scanner_chars: ${WEIGHT_LABEL.length + 1} chars`);
  console.log(`ui_scale_label_sale_scan_to_clave: ${(performance.now() - start).toFixed(0)} ms`);
}

/** F9 to the receipt's first byte at the till's network printer, `runs` sales after a warm-up one. */
export async function f9ToFirstByte(page: Page, base: string, key: string, runs: number): Promise<void> {
  const printer = await TestPrinter.start();
  const call = caller(base, key);
  const created = await call('POST', '/printers', { name: 'Caja bench', connection: 'network', host: printer.host, port: printer.port, terminal: '1', drawer: true });
  try {
    await emptyCounter(page, base);
    const times: number[] = [];
    for (let i = 0; i <= runs; i++) {
      await page.keyboard.type('lec');
      await page.keyboard.press('Enter');
      await page.getByTestId('lines').waitFor();
      const printed = printer.waitForJobs(i + 1);
      const start = performance.now();
      await page.keyboard.press('F9');
      const job = (await printed)[i]!;
      await page.locator('[data-testid="print-state"][data-print="printed"]').waitFor({ timeout: 10_000 });
      if (i === 0) console.log(`ui_f9_to_printer_first_byte_cold: ${(job.firstByteAt - start).toFixed(0)} ms`);
      else times.push(job.firstByteAt - start);
    }
    console.log(`ui_f9_to_printer_first_byte: ${percentile([...times].sort((a, b) => a - b), 50).toFixed(0)} ms`);
    console.log(`ui_f9_to_printer_first_byte_max: ${Math.max(...times).toFixed(0)} ms`);
  } finally {
    await call('DELETE', `/printers/${created.id}`, undefined);
    await printer.close();
  }
}
