/**
 * Signing benchmark: documents per second from a parsed request (JSON already parsed) to signed bytes,
 * for a 1-line ticket and a 50-line invoice, against two baselines measured in the same run: raw
 * `node:crypto` RSA-2048 signatures on the same loaded key (the floor no signer can beat) and xadesjs
 * signing the same ticket; and the time to read, check (annex rule catalogue) and compute a 1,000-line
 * invoice. Prints `name: value unit` lines.
 * Usage: npm run bench:sign [-- seconds-per-measurement]
 */
import { prepareDocument } from '../src/documents/prepare-document.ts';
import { InMemoryCounter } from '../src/documents/numbering.ts';
import { shippedCabysCatalog } from '../src/catalogs/cabys-catalog.ts';
import { shippedDistrictCodes } from '../src/catalogs/district-codes.ts';
import { parseRequest } from '../src/documents/request/parse-request.ts';
import { buildDocumentModel } from '../src/documents/build-model.ts';
import { signXml } from '../src/signing/xades-signer.ts';
import { verifyXml } from '../src/signing/verify.ts';
import { testIdentity, testKeyMaterial } from '../test/fixtures/certificates.ts';
import { exampleRequest } from '../test/fixtures/example-requests.ts';
import { rawRsaSignaturesPerSecond } from './lib/raw-rsa.ts';
import { prepareXadesjs } from './lib/xadesjs-sign.ts';

const seconds = Number(process.argv[2] ?? 14);
const now = new Date('2026-11-25T18:00:00Z');

/** An example request dated `now`, the clock the documents are prepared with. */
const request = (name: string): Record<string, unknown> => exampleRequest(name, now);

/** An invoice of `count` lines: the sample invoice's two lines repeated, every one with its own description. */
function invoiceOf(count: number): Record<string, unknown> {
  const body = request('01-factura');
  const lines = body['items'] as Record<string, unknown>[];
  body['items'] = Array.from({ length: count }, (_, i) => ({ ...lines[i % 2], description: `Línea ${i + 1}: ${String(lines[i % 2]!['description'])}` }));
  return body;
}

/**
 * Operations per second of CPU time (user + system) of this process, so that other processes on the
 * machine disturb the figures as little as possible.
 */
function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

function perCpuSecond(work: () => void, budget: number): number {
  const start = cpuSeconds();
  let count = 0;
  let used = 0;
  do {
    work();
    count++;
    used = cpuSeconds() - start;
  } while (used < budget);
  return count / used;
}

async function asyncPerCpuSecond(work: () => Promise<unknown>, budget: number): Promise<number> {
  const start = cpuSeconds();
  let count = 0;
  let used = 0;
  do {
    await work();
    count++;
    used = cpuSeconds() - start;
  } while (used < budget);
  return count / used;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const identity = testIdentity();
const cabys = shippedCabysCatalog();
const counter = new InMemoryCounter();
const issue = (body: unknown) => signXml(prepareDocument(body, { now, counter, cabys }).xml, identity);

const ticket = request('04-tiquete');
const invoice = invoiceOf(50);
// The benchmark measures real work: both documents must come out signed and valid.
for (const body of [ticket, invoice]) {
  const check = verifyXml(issue(body));
  if (!check.valid) throw new Error(`benchmark document does not verify: ${check.problems.join('; ')}`);
}

// Interleaved rounds: each round measures the baseline and both documents back to back, so a slower
// or faster stretch of the machine shifts all three alike; figures are medians over the rounds.
const rounds = 7;
const budget = seconds / rounds;
const sign = (xml: string) => signXml(xml, identity);
for (let i = 0; i < 200; i++) issue(ticket); // warm up the JIT
for (let i = 0; i < 20; i++) issue(invoice);
const results = { rawRsa: [] as number[], tickets: [] as number[], invoices: [] as number[] };
for (let round = 0; round < rounds; round++) {
  results.rawRsa.push(rawRsaSignaturesPerSecond(identity.privateKey, budget / 3));
  results.tickets.push(perCpuSecond(() => issue(ticket), budget / 3));
  results.invoices.push(perCpuSecond(() => issue(invoice), budget / 3));
}
const rawRsa = median(results.rawRsa);
const tickets = median(results.tickets);
const invoices = median(results.invoices);
const xadesjs = await prepareXadesjs(testKeyMaterial());
const unsignedTicket = prepareDocument(ticket, { now, counter, cabys }).xml;
for (let i = 0; i < 20; i++) await xadesjs(unsignedTicket);
const xadesjsTickets = await asyncPerCpuSecond(() => xadesjs(unsignedTicket), budget);
const signOnly = perCpuSecond(() => sign(unsignedTicket), budget / 3);
// The annex rule catalogue must not slow issuing: a 1,000-line invoice read, checked and computed, unsigned.
const bigInvoice = invoiceOf(1000);
const context = { now, cabys, reference: shippedDistrictCodes() };
for (let i = 0; i < 5; i++) buildDocumentModel(parseRequest(bigInvoice, context), '3101123456');
const validations = perCpuSecond(() => buildDocumentModel(parseRequest(bigInvoice, context), '3101123456'), budget / 3);

const line = (name: string, value: number, unit: string) => console.log(`${name}: ${value.toFixed(unit === '%' ? 1 : 0)} ${unit}`);
line('raw_rsa_2048_signatures', rawRsa, 'per_second');
line('ticket_1_line_signed', tickets, 'per_second');
line('invoice_50_lines_signed', invoices, 'per_second');
line('xadesjs_ticket_signed', xadesjsTickets, 'per_second');
line('ticket_signing_only', signOnly, 'per_second');
line('ticket_vs_raw_rsa', (tickets / rawRsa) * 100, '%');
line('invoice_vs_raw_rsa', (invoices / rawRsa) * 100, '%');
line('xadesjs_vs_raw_rsa', (xadesjsTickets / rawRsa) * 100, '%');
line('ticket_vs_xadesjs', tickets / xadesjsTickets, 'x');
line('invoice_1000_lines_validated', 1000 / validations, 'ms');
