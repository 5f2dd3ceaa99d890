/**
 * Receipt printing benchmark: the time to render a counter ticket (1 line and 20 lines, with a logo) to
 * ESC/POS bytes, and the time from the print request to the first byte at a network printer (the test
 * printer of test/helpers/escpos-printer.ts on 127.0.0.1), rendering in the printing worker as the core
 * does (issue 15's target: < 150 ms from F9 to the first byte). Prints `name: value unit` lines (medians;
 * p95 beside them).
 * Usage: npx tsx bench/print.ts [runs]
 */
import { PNG } from 'pngjs';
import { EscposRenderer } from '../src/printing/escpos-renderer.ts';
import { sendToPrinter } from '../src/printing/network-printer.ts';
import { renderPrintJob, type ReceiptRequest } from '../src/printing/print-job.ts';
import { writeDocument } from '../src/xml/write-document.ts';
import { sampleModel } from '../test/fixtures/document-models.ts';
import { TestPrinter } from '../test/helpers/escpos-printer.ts';

const runs = Number(process.argv[2] ?? 50);

function logo(): Buffer {
  const png = new PNG({ width: 400, height: 160 });
  for (let i = 0; i < png.data.length; i += 4) png.data.writeUInt32BE((i >> 2) % 7 < 3 ? 0x203040ff : 0xffffffff, i);
  return PNG.sync.write(png);
}

function job(lines: number): ReceiptRequest {
  const model = sampleModel('04', 'minimal');
  model.lines = Array.from({ length: lines }, (_, i) => ({ ...model.lines[0]!, number: i + 1, description: `Artículo ${i + 1}: café molido, año 2026` }));
  return {
    kind: 'receipt',
    document: { documentType: '04', signedXml: Buffer.from(writeDocument(model)), status: 'processing', haciendaMessage: null, environment: 'production' },
    branding: { color: null, footer: '¡Gracias por su compra!', logo: logo(), logoMime: 'image/png' },
    setup: { paper: '80mm', codepage: 'cp850', colon: 'cent', qr: false, drawer: true, logo: true },
    lang: 'es',
    copy: false,
    cashReceived: '10000',
  };
}

function stats(times: number[]): { median: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]! };
}

const line = (name: string, times: number[]) => {
  const s = stats(times);
  console.log(`${name}: ${s.median.toFixed(1)} ms (p95 ${s.p95.toFixed(1)} ms)`);
};

for (const lines of [1, 20]) {
  const request = job(lines);
  renderPrintJob(request); // warm
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    renderPrintJob(request);
    times.push(performance.now() - start);
  }
  line(lines === 1 ? 'escpos_render_ms' : `escpos_render_ms_${lines}_lines`, times);
}

const printer = await TestPrinter.start();
const renderer = new EscposRenderer();
const request = job(1);
const firstByte: number[] = [];
for (let i = 0; i <= runs; i++) {
  const start = performance.now();
  const rendered = await renderer.render(request);
  if (!rendered.ok) throw new Error(rendered.reason);
  const arrived = printer.waitForJobs();
  await sendToPrinter({ host: printer.host, port: printer.port }, rendered.bytes);
  const jobs = await arrived;
  // The first run starts the worker: reported apart, as the counter's first receipt of the day.
  if (i === 0) console.log(`first_byte_cold_ms: ${(jobs.at(-1)!.firstByteAt - start).toFixed(1)} ms`);
  else firstByte.push(jobs.at(-1)!.firstByteAt - start);
}
line('first_byte_ms', firstByte);
await renderer.close();
await printer.close();
