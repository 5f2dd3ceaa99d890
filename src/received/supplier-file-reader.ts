/**
 * Runs readSupplierFile in worker threads (threads/worker-pool.ts): suppliers' mail is other people's XML,
 * and verifying it costs milliseconds a file that the counter's event loop must not wait for. A mailbox poll
 * verifies its messages ahead of storing them (read-ahead.ts), enough to keep two workers busy where the
 * machine has the cores: the second starts only then, a file read now and then uses one.
 */
import { availableParallelism } from 'node:os';
import { WorkerPool } from '../threads/worker-pool.ts';
import { readSupplierFile, type SupplierFile } from './read-supplier-file.ts';

interface ReadRequest {
  bytes: Buffer;
  owner: string;
}

/** Buffers come back from the worker as plain Uint8Arrays. */
function revive(file: SupplierFile): SupplierFile {
  if (file.kind === 'document') file.document.signedXml = Buffer.from(file.document.signedXml);
  if (file.kind === 'answer') file.xml = Buffer.from(file.xml);
  return file;
}

/**
 * Two workers at most, and a core left for the event loop (the counter, the store): on two cores, one worker.
 * Measured on two cores (bench:received), a second worker gave ~7% more documents a second for ~65 MiB more,
 * with the event loop then sharing both cores with two busy workers during a mail burst.
 */
const READER_THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));

export class SupplierFileReader {
  private readonly worker = new WorkerPool<ReadRequest, SupplierFile>('read-supplier', READER_THREADS, {
    fallback: ({ bytes, owner }) => readSupplierFile(bytes, owner),
    revive,
  });

  read(bytes: Buffer, owner: string): Promise<SupplierFile> {
    return this.worker.run({ bytes, owner });
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}
