/**
 * A receipt from the stored signed XML to paper: rendered in the printing worker, sent over raw TCP to a
 * receiving printer (test/helpers/escpos-printer.ts) and read back as the shopkeeper reads it — the text
 * with its Spanish letters through the code page, the cut, the drawer pulse only for cash, "COPIA" on a
 * reprint, the QR code only when the shop prints it.
 */
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentModel } from '../../../src/domain/document-model.ts';
import { EscposRenderer } from '../../../src/printing/escpos-renderer.ts';
import { sendToPrinter } from '../../../src/printing/network-printer.ts';
import { renderPrintJob, type PrinterSetup, type ReceiptRequest } from '../../../src/printing/print-job.ts';
import { workerLocation } from '../../../src/threads/worker-script.ts';
import { writeDocument } from '../../../src/xml/write-document.ts';
import { sampleModel } from '../../fixtures/document-models.ts';
import { TestPrinter, type PrintedJob } from '../../helpers/escpos-printer.ts';

const SETUP: PrinterSetup = { paper: '80mm', codepage: 'cp850', colon: 'cent', qr: false, drawer: true, logo: true };

function ticket(method: '01' | '02'): DocumentModel {
  const model = sampleModel('04', 'full');
  model.lines[0]!.description = 'Piña dulce — año 2026, ¡oferta!';
  model.summary.payments = [{ method, amount: model.summary.total }];
  return model;
}

function request(model: DocumentModel, extra: Partial<ReceiptRequest> = {}): ReceiptRequest {
  return {
    kind: 'receipt',
    document: { documentType: '04', signedXml: Buffer.from(writeDocument(model)), status: 'accepted', haciendaMessage: null, environment: 'production' },
    branding: undefined,
    setup: SETUP,
    lang: 'es',
    copy: false,
    ...extra,
  };
}

let printer: TestPrinter;
const renderer = new EscposRenderer();

beforeAll(async () => {
  printer = await TestPrinter.start();
});
afterAll(async () => {
  await printer.close();
  await renderer.close();
});

async function print(job: ReceiptRequest): Promise<PrintedJob> {
  const rendered = await renderer.render(job);
  if (!rendered.ok) throw new Error(rendered.reason);
  const arrived = printer.waitForJobs();
  const outcome = await sendToPrinter({ host: printer.host, port: printer.port }, rendered.bytes);
  expect(outcome).toEqual({ printed: true, status: { offline: false, paperOut: false, paperNearEnd: false, drawerSignal: false } });
  const jobs = await arrived;
  return jobs[jobs.length - 1]!;
}

const kinds = (job: PrintedJob) => job.commands.map((c) => c.type);

describe('a receipt on the network printer', () => {
  it('prints the shop, the document, its lines, taxes per rate and totals, in Spanish letters', async () => {
    const model = ticket('02');
    const job = await print(request(model, { cashier: 'Ana Núñez' }));
    const text = job.text.map((line) => line.trim());
    expect(job.commands).toContainEqual({ type: 'codepage', table: 2, name: 'cp850' });
    expect(text).toContain('Soluciones Tecnológicas del Valle S.A.');
    expect(text).toContain('Teléfono: +506 22223333');
    expect(text).toContain('Tiquete electrónico');
    expect(job.text).toContain(`Consecutivo${' '.repeat(48 - 11 - 20)}${model.consecutive}`);
    expect(text).toContainEqual(expect.stringMatching(/^Cajero +Ana Núñez$/));
    // The clave in two halves of 25 digits, as it reads.
    expect(text).toContain(model.clave.slice(0, 25));
    expect(text).toContain(model.clave.slice(25));
    // The dash the code page lacks prints as "-"; the accents and ñ survive.
    expect(text).toContain('Piña dulce - año 2026, ¡oferta!');
    // Quantity × price on the left, the amount flush right in the 48th column; ₡ prints as ¢.
    expect(job.text).toContainEqual(expect.stringMatching(/^ {2}3 unidad\(es\) × ¢15,250\.50 \(13%\) +¢45,751\.50$/));
    expect(job.text.filter((line) => line.length > 48)).toEqual([]);
    expect(text).toContainEqual(expect.stringMatching(/^IVA Tarifa general 13% +¢17,647\.70$/));
    const total = job.lines.find((line) => line.text.startsWith('Total del comprobante'))!;
    expect(total).toMatchObject({ bold: true, height: 2 });
    expect(total.text).toMatch(/ ¢190,399\.20$/);
    expect(text).toContainEqual(expect.stringMatching(/^Tarjeta +¢190,399\.20$/));
    expect(text).toContain('Representación impresa de un comprobante');
    // The status asked first (DLE EOT 1 and 4), then initialised, cut last (partial: the receipt hangs on a
    // tab), no drawer for a card payment.
    expect(job.commands.slice(0, 3)).toEqual([{ type: 'status', request: 1 }, { type: 'status', request: 4 }, { type: 'init' }]);
    expect(job.commands.at(-1)).toEqual({ type: 'cut', partial: true });
    expect(kinds(job)).not.toContain('drawer');
    expect(text).not.toContain('COPIA');
    expect(kinds(job)).not.toContain('qr');
  });

  it('opens the cash drawer on a cash payment, with the pulse drawers expect, and prints the change', async () => {
    const model = ticket('01');
    const job = await print(request(model, { cashReceived: '200000' }));
    expect(job.commands.filter((c) => c.type === 'drawer')).toEqual([{ type: 'drawer', pin: 2, onMs: 50, offMs: 500 }]);
    const text = job.text.map((line) => line.trim());
    expect(text).toContainEqual(expect.stringMatching(/^Efectivo +¢190,399\.20$/));
    expect(text).toContainEqual(expect.stringMatching(/^Efectivo recibido +¢200,000\.00$/));
    // The change is the cash less the total as printed, so that the two add up to the cash.
    expect(text).toContainEqual(expect.stringMatching(/^Vuelto +¢9,600\.80$/));
    // A printer without a drawer is never kicked.
    const without = await print(request(model, { setup: { ...SETUP, drawer: false } }));
    expect(kinds(without)).not.toContain('drawer');
    // Cash typed on a card sale prints its rows but opens nothing: only a cash payment (MedioPago 01) does.
    const card = await print(request(ticket('02'), { cashReceived: '200000' }));
    expect(card.text.map((line) => line.trim())).toContainEqual(expect.stringMatching(/^Efectivo recibido +¢200,000\.00$/));
    expect(kinds(card)).not.toContain('drawer');
  });

  it('marks a reprint COPIA, large and inverted, and does not open the drawer again', async () => {
    const job = await print(request(ticket('01'), { copy: true }));
    const copy = job.lines.filter((line) => line.text.trim() === 'COPIA');
    expect(copy[0]).toMatchObject({ invert: true, bold: true, width: 2, height: 2 });
    expect(job.lines.indexOf(copy[0]!)).toBeLessThan(job.lines.findIndex((l) => l.text.includes('Tiquete electrónico')));
    expect(kinds(job)).not.toContain('drawer');
  });

  it('prints the QR code of the clave only when the shop turns it on', async () => {
    const model = ticket('02');
    const job = await print(request(model, { setup: { ...SETUP, qr: true } }));
    expect(job.commands.filter((c) => c.type === 'qr')).toEqual([{ type: 'qr', data: model.clave, moduleSize: 6, errorLevel: 'M' }]);
  });

  it('prints the logo as a raster image within the paper, and keeps 32 columns on 58 mm paper', async () => {
    const png = new PNG({ width: 900, height: 300 });
    for (let i = 0; i < png.data.length; i += 4) png.data.writeUInt32BE(i % 32 < 16 ? 0x000000ff : 0xffffff00, i);
    const branding = { color: null, footer: '¡Gracias por su compra!', logo: PNG.sync.write(png), logoMime: 'image/png' };
    const wide = await print(request(ticket('02'), { branding }));
    expect(wide.commands).toContainEqual({ type: 'raster', widthDots: 576, heightDots: 192 });
    expect(wide.text.map((l) => l.trim())).toContain('¡Gracias por su compra!');
    const narrow = await print(request(ticket('02'), { branding, setup: { ...SETUP, paper: '58mm' } }));
    expect(narrow.commands).toContainEqual({ type: 'raster', widthDots: 384, heightDots: 128 });
    expect(narrow.text.filter((line) => line.length > 32)).toEqual([]);
    expect(narrow.text.map((l) => l.trim())).toContain('Piña dulce - año 2026, ¡oferta!');
    const plain = await print(request(ticket('02'), { branding, setup: { ...SETUP, logo: false } }));
    expect(kinds(plain)).not.toContain('raster');
  });

  it('renders in its own worker thread the same bytes as in this one', async () => {
    expect(workerLocation('escpos')).toBeDefined();
    const job = request(ticket('01'), { cashier: 'Luis', cashReceived: '200000', setup: { ...SETUP, qr: true } });
    const inWorker = await renderer.render(job);
    expect(inWorker).toEqual(renderPrintJob(job));
  });

  it('has no receipt for a receiver message', async () => {
    const job = request(ticket('02'));
    const answer = await renderer.render({ ...job, document: { ...job.document, signedXml: Buffer.from('<MensajeReceptor xmlns="https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.4/mensajeReceptor"/>') } });
    expect(answer.ok).toBe(false);
  });
});
