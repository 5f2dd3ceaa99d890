/**
 * Runs readSupplierFile in a worker thread (threads/request-worker.ts): suppliers' mail is other people's
 * XML, and verifying it costs milliseconds a file that the counter's event loop must not wait for.
 */
import { RequestWorker } from '../threads/request-worker.ts';
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

export class SupplierFileReader {
  private readonly worker = new RequestWorker<ReadRequest, SupplierFile>('read-supplier', {
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
