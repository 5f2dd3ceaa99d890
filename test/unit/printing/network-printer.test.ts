/**
 * The network printer's outcomes over real TCP: printed, or "not printed" with a reason the counter shows
 * ("no impreso — reintentar") — quickly, never a throw, never a hang, and never a job left in a printer
 * without paper that would come out again on the retry.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendToPrinter } from '../../../src/printing/network-printer.ts';
import { testPageEscpos } from '../../../src/printing/test-page.ts';
import { TestPrinter, type TestPrinterOptions } from '../../helpers/escpos-printer.ts';

const page = testPageEscpos({ paper: '80mm', codepage: 'cp850', colon: 'cent', lang: 'es', printerName: 'Caja 1', printedAt: '20/11/2026 10:30', qr: true, drawer: false });

const opened: Array<{ close(): unknown }> = [];
afterEach(async () => {
  for (const thing of opened.splice(0)) await thing.close();
});

async function started(options: TestPrinterOptions = {}): Promise<TestPrinter> {
  const printer = await TestPrinter.start(options);
  opened.push(printer);
  return printer;
}

async function timed<T>(action: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await action();
  return { result, ms: performance.now() - start };
}

describe('sending to a network printer', () => {
  it('prints the test page: its title, the Spanish letters, the ruler of 48 columns, the QR and the cut', async () => {
    const printer = await started();
    const arrived = printer.waitForJobs(1);
    expect(await sendToPrinter({ host: printer.host, port: printer.port }, page)).toMatchObject({ printed: true });
    const [job] = await arrived;
    const text = job!.text.map((line) => line.trim());
    expect(text).toContain('Página de prueba');
    expect(text).toContainEqual(expect.stringMatching(/^Impresora +Caja 1$/));
    expect(text).toContain('áéíóú ÁÉÍÓÚ ñÑ üÜ ¿? ¡! ¢');
    expect(text).toContain('123456789012345678901234567890123456789012345678');
    expect(job!.commands).toContainEqual({ type: 'qr', data: 'https://www.hacienda.go.cr/', moduleSize: 6, errorLevel: 'M' });
    expect(job!.commands.at(-1)).toEqual({ type: 'cut', partial: true });
  });

  it('tells a printer that is off, quickly and without throwing', async () => {
    const printer = await started();
    await printer.off();
    const { result, ms } = await timed(() => sendToPrinter({ host: printer.host, port: printer.port }, page));
    expect(result).toMatchObject({ printed: false, reason: 'refused' });
    expect(ms).toBeLessThan(2000);
  });

  it('does not send the job to a printer out of paper, and prints it once the paper is in', async () => {
    const printer = await started({ paperOut: true });
    const out = await sendToPrinter({ host: printer.host, port: printer.port }, page);
    expect(out).toMatchObject({ printed: false, reason: 'paper_out', status: { paperOut: true } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(printer.jobs).toEqual([]);
    expect(printer.statusOnly).toBe(1);
    printer.paperOut = false;
    const arrived = printer.waitForJobs(1);
    expect(await sendToPrinter({ host: printer.host, port: printer.port }, page)).toMatchObject({ printed: true, status: { paperOut: false } });
    expect(await arrived).toHaveLength(1);
  });

  it('prints on a printer that does not answer the status request, after a short wait', async () => {
    const printer = await started({ answersStatus: false });
    const arrived = printer.waitForJobs(1);
    const { result, ms } = await timed(() => sendToPrinter({ host: printer.host, port: printer.port }, page, { statusTimeoutMs: 100 }));
    expect(result).toEqual({ printed: true, status: undefined });
    expect(ms).toBeGreaterThanOrEqual(90);
    expect((await arrived)[0]!.text.map((l) => l.trim())).toContain('Página de prueba');
  });

  it('stops waiting for a printer that takes the connection but not the job', async () => {
    // Accepts and never reads: the system's buffers fill and the job cannot be handed over.
    const sockets: Socket[] = [];
    const stuck: Server = createServer((socket) => sockets.push(socket.pause()));
    await new Promise<void>((resolve) => stuck.listen(0, '127.0.0.1', resolve));
    opened.push({ close: () => new Promise((resolve) => { for (const socket of sockets) socket.destroy(); stuck.close(resolve); }) });
    const port = (stuck.address() as { port: number }).port;
    const big = new Uint8Array(64 * 1024 * 1024);
    const { result, ms } = await timed(() => sendToPrinter({ host: '127.0.0.1', port }, big, { statusTimeoutMs: 50, writeTimeoutMs: 500 }));
    expect(result).toMatchObject({ printed: false, reason: 'timeout' });
    expect(ms).toBeLessThan(2000);
  });
});
