/**
 * The renderer as the shopkeeper meets it (issue 6, "Measure"): builds it with Vite into a folder of its
 * own, prints the gzip size of the initial bundle (index.html's script, module preloads and stylesheet,
 * not the screens loaded later) and of every chunk, then starts a real `facturador serve` child process
 * over that build, signs in with headless Chromium and measures the time from navigation start to an
 * interactive counter (organization loaded, search box focused): median of several loads, each in a
 * fresh browser context (nothing cached; the server sends `no-store` anyway). Last, the keys of a one-item
 * ticket of a saved product from an empty screen, counted until its clave shows; then the till's figures
 * (bench/ui-till.ts): the keys of a scale-label sale, and F9 to the first byte at the till's receipt printer.
 * Targets: initial bundle < 400 KB gzip, interactive < 1 s, F9 to the printer < 150 ms. KB are 1000 bytes.
 * Usage: npm run bench:ui [-- loads]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { seedBenchOrganization } from './lib/seed-organization.ts';
import { freePort } from './lib/free-port.ts';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Cookie, Page } from 'playwright-core';
import { makeTestP12, TEST_PIN } from '../test/fixtures/certificates.ts';
import { launchChromium } from '../test/e2e/browser.ts';
import { f9ToFirstByte, scaleLabelSale } from './ui-till.ts';

const LOADS = Number(process.argv[2] ?? 7);
const root = new URL('../', import.meta.url);
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Vite's production build into `dist` (the renderer's config reads FACTURADOR_RENDERER_DIST). */
async function buildRenderer(dist: string): Promise<void> {
  process.env['FACTURADOR_RENDERER_DIST'] = dist;
  process.env['NODE_ENV'] = 'production'; // what ships: React's production build, whatever the caller's environment says
  const { build } = await import('vite');
  await build({ configFile: new URL('renderer/vite.config.ts', root).pathname, logLevel: 'error' });
}

/** What the browser must fetch before anything runs: the entry script, its preloads, the stylesheet. */
function initialFiles(dist: string): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="\/?(assets\/[^"]+)"/g)].map((m) => m[1]!);
  return [...new Set(refs)];
}

function printBundleSizes(dist: string): void {
  const gz = (file: string) => gzipSync(readFileSync(join(dist, file))).length;
  const raw = (file: string) => readFileSync(join(dist, file)).length;
  const initial = initialFiles(dist);
  const all = readdirSync(join(dist, 'assets')).filter((f) => /\.(js|css)$/.test(f)).map((f) => `assets/${f}`);
  const sum = (files: string[], size: (f: string) => number) => files.reduce((n, f) => n + size(f), 0);
  console.log(`ui_initial_bundle_gzip: ${kb(sum(initial, gz))} KB`);
  console.log(`ui_initial_bundle_raw: ${kb(sum(initial, raw))} KB`);
  console.log(`ui_all_chunks_gzip: ${kb(sum(all, gz))} KB`);
  console.log(`ui_lazy_chunks: ${all.filter((f) => !initial.includes(f)).length} count`);
}

/** `facturador serve` over the build; resolves with its one-time login URL (its log line). */
function startServer(dataDir: string, port: number, dist: string): Promise<{ server: ChildProcess; loginUrl: string }> {
  const env = { ...process.env, FACTURADOR_RENDERER_DIST: dist, FACTURADOR_MASTER_KEY: 'ab'.repeat(32), FACTURADOR_KEYRING: 'off', FACTURADOR_DELIVERY: 'off', FACTURADOR_AUTO_BACKUP: 'off', LOG_LEVEL: 'info' };
  const server = spawn(process.execPath, [new URL('bin/facturador.js', root).pathname, 'serve', '--port', String(port), '--data-dir', dataDir], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let buffer = '';
    server.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      const url = /sign in from a browser[^"]*?(http:\/\/\S+?\/login#[\w-]+)/.exec(buffer)?.[1];
      if (url) resolve({ server, loginUrl: url });
    });
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function prepare(base: string, key: string): Promise<void> {
  const call = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${base}/api/v1${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  };
  await call('PUT', '/organizations/me', { address: { province: '1', canton: '01', district: '01', details: 'Avenida 7, calles 3 y 5' } });
  const p12 = makeTestP12({ pin: TEST_PIN, algorithm: '3des' }).toString('base64');
  await call('POST', '/organizations/me/certificate', { certificate: p12, pin: TEST_PIN, atv_user: 'bench@stag.comprobanteselectronicos.go.cr', atv_password: 'x' });
  await call('POST', '/products', { code: 'LEC-1', description: 'Leche entera 1 L', cabys_code: '2211001010000', unit: 'Unid', price: '1100', tax_rate_code: '02' });
}

/** Milliseconds from navigation start until the counter has its organization and the focus in its search box. */
async function timeToInteractive(browser: Browser, base: string, cookies: Cookie[]): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  try {
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(`${base}/`, { waitUntil: 'commit' });
    const ready = await page.waitForFunction(
      () => (document.querySelector('section.counter[data-ready="true"]') && document.activeElement?.getAttribute('data-testid') === 'search' ? performance.now() : false),
      undefined,
      { polling: 'raf', timeout: 30_000 },
    );
    return (await ready.jsonValue()) as number;
  } finally {
    await context.close();
  }
}

/** A saved product from an empty counter: three letters of it, Enter, F9 (cash is preselected); keys until the clave. */
async function ticketKeys(page: Page, base: string): Promise<{ keys: number; ms: number }> {
  await page.goto(`${base}/`);
  await page.waitForFunction(() => document.querySelector('section.counter[data-ready="true"]') && document.activeElement?.getAttribute('data-testid') === 'search');
  const sequence = ['l', 'e', 'c', 'Enter', 'F9'];
  const start = performance.now();
  for (const key of sequence) {
    if (key === 'F9') await page.getByTestId('lines').waitFor(); // the cashier looks before issuing
    await page.keyboard.press(key);
  }
  await page.getByTestId('clave').waitFor({ timeout: 10_000 });
  return { keys: sequence.length, ms: performance.now() - start };
}

async function main(): Promise<void> {
  const dist = mkdtempSync(join(tmpdir(), 'facturador-ui-dist-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'facturador-ui-data-'));
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    await buildRenderer(dist);
    printBundleSizes(dist);

    const key = seedBenchOrganization(dataDir, { economicActivities: ['620100'] });
    const port = await freePort();
    const started = await startServer(dataDir, port, dist);
    server = started.server;
    const base = `http://127.0.0.1:${port}`;
    await prepare(base, key);

    browser = await launchChromium();
    const signIn: BrowserContext = await browser.newContext();
    const page = await signIn.newPage();
    await page.goto(started.loginUrl);
    await page.waitForURL(`${base}/`);
    const cookies = await signIn.cookies();

    await timeToInteractive(browser, base, cookies); // warm-up: the server's first answers compile its routes
    const times: number[] = [];
    for (let i = 0; i < LOADS; i++) times.push(await timeToInteractive(browser, base, cookies));
    console.log(`ui_time_to_interactive_counter: ${median(times).toFixed(0)} ms`);
    console.log(`ui_time_to_interactive_counter_max: ${Math.max(...times).toFixed(0)} ms`);
    // A shared machine: the load beside the figures says how much of them is waiting for a core.
    console.log(`ui_machine_load_1min: ${loadavg()[0]!.toFixed(1)} runnable`);

    const ticket = await ticketKeys(page, base);
    console.log(`ui_keystrokes_one_item_ticket: ${ticket.keys} keys`);
    console.log(`ui_one_item_ticket_first_key_to_clave: ${ticket.ms.toFixed(0)} ms`);
    await scaleLabelSale(page, base, key);
    await f9ToFirstByte(page, base, key, LOADS);
    await signIn.close();
  } finally {
    await browser?.close();
    server?.kill('SIGTERM');
    rmSync(dist, { recursive: true, force: true });
    // The server removes its lock file on the way out; the data directory goes after it.
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
