/**
 * PDF render time: a 4-line A4 invoice and a ticket's 80 mm receipt, each from its stored XML to the PDF
 * bytes (read back with the XML reader, laid out, fonts embedded), as the API's GET /documents/{key}/pdf
 * runs it. Median and p95 over the measured renders after a warm-up, in wall time and in CPU time of
 * this process (the latter barely moved by other work on the machine). Baseline in the same run:
 * react-pdf rendering one line of text in the same font, the floor that no document PDF can beat.
 * Renders are interleaved (invoice, receipt, baseline), so a slower stretch of the machine shifts all
 * three alike. Then the same receipt through the app's door, in the PDF worker, and the longest stall of the
 * event loop while receipts render there and here. Prints `name: value unit` lines. Usage: npm run bench:pdf [-- renders]
 */
import { createElement as h } from 'react';
import { Document, Page, Text, renderToBuffer } from '@react-pdf/renderer';
import { renderDocumentPdf } from '../../src/pdf/render-document-pdf.ts';
import { renderDocumentPdf as viaWorker } from '../../src/pdf/document-pdf.ts';
import { FONT_FAMILY, registerFonts } from '../../src/pdf/fonts.ts';
import { writeDocument } from '../../src/xml/write-document.ts';
import { sampleModel } from '../../test/fixtures/document-models.ts';

const RENDERS = Number(process.argv[2] ?? 50);
const WARM_UP = 10;

const stored = (type: '01' | '04') => ({
  documentType: type,
  signedXml: Buffer.from(writeDocument(sampleModel(type, 'full'))),
  status: 'accepted',
  haciendaMessage: 'Este comprobante fue aceptado.',
  environment: 'production',
});
const invoice = stored('01');
const ticket = stored('04');
const branding = { color: '#1F4E79', footer: 'Gracias por su compra', logo: null, logoMime: null };

registerFonts();
const hello = h(Document, null, h(Page, { size: 'A4', style: { fontFamily: FONT_FAMILY } }, h(Text, null, 'Total ₡190,399.20')));

const work = {
  a4: () => renderDocumentPdf(invoice, branding, { format: 'a4', lang: 'es' }),
  receipt: () => renderDocumentPdf(ticket, branding, { format: 'receipt', lang: 'es' }),
  baseline: () => renderToBuffer(hello),
};
type Name = keyof typeof work;

// The benchmark measures real work: both documents come out as PDFs.
for (const name of ['a4', 'receipt'] as const) {
  const pdf = await work[name]();
  if (!pdf.subarray(0, 5).equals(Buffer.from('%PDF-'))) throw new Error(`${name} did not render a PDF`);
}

const wall: Record<Name, number[]> = { a4: [], receipt: [], baseline: [] };
const cpu: Record<Name, number[]> = { a4: [], receipt: [], baseline: [] };
for (let i = 0; i < WARM_UP + RENDERS; i++) {
  for (const name of Object.keys(work) as Name[]) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    await work[name]();
    const elapsed = performance.now() - start;
    const used = process.cpuUsage(cpuStart);
    if (i < WARM_UP) continue;
    wall[name].push(elapsed);
    cpu[name].push((used.user + used.system) / 1000);
  }
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

const line = (name: string, value: number, unit: string) => console.log(`${name}: ${value.toFixed(unit === 'x' ? 2 : 1)} ${unit}`);
for (const [name, label] of [['a4', 'pdf_a4_invoice'], ['receipt', 'pdf_receipt_ticket'], ['baseline', 'pdf_baseline_one_line']] as const) {
  line(`${label}_median`, quantile(wall[name], 0.5), 'ms');
  line(`${label}_p95`, quantile(wall[name], 0.95), 'ms');
  line(`${label}_cpu_median`, quantile(cpu[name], 0.5), 'ms');
}
line('pdf_a4_invoice_vs_baseline', quantile(wall.a4, 0.5) / quantile(wall.baseline, 0.5), 'x');
line('pdf_receipt_ticket_vs_baseline', quantile(wall.receipt, 0.5) / quantile(wall.baseline, 0.5), 'x');

// Through the app's door (src/pdf/document-pdf.ts), as the API renders: in the PDF worker. What the event
// loop feels is the longest stall a timer sees while receipts render there, against the same renders here.
async function longestStall(render: () => Promise<unknown>): Promise<number> {
  // A 1 ms timer's longest gap between two ticks: how long the loop was held at once.
  let last = performance.now();
  let longest = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  for (let i = 0; i < 20; i++) {
    await render();
    await new Promise((resolve) => setTimeout(resolve, 5)); // the timer ticks between renders as between requests
  }
  clearInterval(tick);
  return longest;
}
await viaWorker(ticket, branding, { format: 'receipt', lang: 'es' }); // starts the worker
const workerWall: number[] = [];
for (let i = 0; i < 20; i++) {
  const start = performance.now();
  await viaWorker(ticket, branding, { format: 'receipt', lang: 'es' });
  workerWall.push(performance.now() - start);
}
line('pdf_receipt_via_worker_median', quantile(workerWall, 0.5), 'ms');
line('pdf_event_loop_stall_in_thread_max', await longestStall(work.receipt), 'ms');
line('pdf_event_loop_stall_via_worker_max', await longestStall(() => viaWorker(ticket, branding, { format: 'receipt', lang: 'es' })), 'ms');
