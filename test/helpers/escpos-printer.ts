/**
 * A network receipt printer for tests: a raw-TCP server (as a printer's port 9100) on a free port of
 * 127.0.0.1 that keeps what each connection sent, decoded (escpos-decode.ts) so that a test reads the
 * receipt's text, its cut and its drawer pulse. It answers the real-time status requests (DLE EOT 1 and 4)
 * as a printer with paper does, or as one out of paper (`paperOut`), or keeps silent (`answersStatus`).
 * `off()` closes the port, as a printer switched off refuses connections.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { decodeEscpos, type DecodedJob } from './escpos-decode.ts';

export interface PrintedJob extends DecodedJob {
  bytes: Buffer;
  /** performance.now() when the connection's first byte arrived. */
  firstByteAt: number;
}

export interface TestPrinterOptions {
  paperOut?: boolean;
  answersStatus?: boolean;
  /** Reads nothing of a connection for this long after accepting it (a slow or busy printer): the bytes wait in the kernel. */
  delayMs?: number;
}

export class TestPrinter {
  readonly jobs: PrintedJob[] = [];
  /** Connections that asked for the status and were sent no job (a client that found no paper). */
  statusOnly = 0;
  private readonly sockets = new Set<Socket>();
  private waiters: Array<{ count: number; resolve: () => void }> = [];
  paperOut: boolean;
  answersStatus: boolean;
  delayMs: number;

  private constructor(private readonly server: Server, readonly port: number, options: TestPrinterOptions) {
    this.paperOut = options.paperOut ?? false;
    this.answersStatus = options.answersStatus ?? true;
    this.delayMs = options.delayMs ?? 0;
  }

  static async start(options: TestPrinterOptions = {}): Promise<TestPrinter> {
    const started: { printer?: TestPrinter } = {};
    const server = createServer((socket) => started.printer!.receive(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    started.printer = new TestPrinter(server, address.port, options);
    return started.printer;
  }

  get host(): string {
    return '127.0.0.1';
  }

  private receive(socket: Socket): void {
    this.sockets.add(socket);
    const chunks: Buffer[] = [];
    let firstByteAt = 0;
    let scanned = 0;
    if (this.delayMs > 0) {
      socket.pause();
      setTimeout(() => socket.resume(), this.delayMs);
    }
    socket.on('data', (chunk: Buffer) => {
      if (chunks.length === 0) firstByteAt = performance.now();
      chunks.push(chunk);
      const all = Buffer.concat(chunks);
      // Real-time status requests are answered as they arrive, before the rest of the job.
      for (; scanned + 2 < all.length; scanned++) {
        if (all[scanned] === 0x10 && all[scanned + 1] === 0x04 && this.answersStatus) socket.write(Buffer.from([this.statusByte(all[scanned + 2]!)]));
      }
    });
    socket.on('error', () => undefined);
    socket.on('end', () => socket.end());
    socket.on('close', () => {
      this.sockets.delete(socket);
      const bytes = Buffer.concat(chunks);
      const decoded = decodeEscpos(bytes);
      // A connection that only asked for the status (and was not sent the job) printed nothing.
      if (decoded.commands.some((c) => c.type !== 'status') || decoded.text.length > 0) this.jobs.push({ bytes, firstByteAt, ...decoded });
      else this.statusOnly++;
      this.notify();
    });
  }

  /** DLE EOT n answers: fixed bits 0x12; 1 = printer (online), 4 = roll paper (0x60 when out). */
  private statusByte(n: number): number {
    if (n === 4 && this.paperOut) return 0x72;
    return 0x12;
  }

  private notify(): void {
    this.waiters = this.waiters.filter((w) => {
      if (this.jobs.length < w.count) return true;
      w.resolve();
      return false;
    });
  }

  /** Resolves when `count` jobs have arrived (default: one more than now). */
  waitForJobs(count = this.jobs.length + 1): Promise<PrintedJob[]> {
    return new Promise((resolve) => {
      this.waiters.push({ count, resolve: () => resolve(this.jobs) });
      this.notify();
    });
  }

  /** Switched off: the port closes and refuses connections from now on. */
  async off(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  close(): Promise<void> {
    return this.server.listening ? this.off() : Promise.resolve();
  }
}
