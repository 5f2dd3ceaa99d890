/** Runs readDocumentVat in a worker thread (threads/request-worker.ts): stored XML is read off the event loop. */
import { RequestWorker } from '../threads/request-worker.ts';
import { readDocumentVat, type VatReading } from './read-document-vat.ts';

export class DocumentVatReader {
  private readonly worker = new RequestWorker<Buffer, VatReading>('read-vat', { fallback: readDocumentVat });

  read(bytes: Buffer): Promise<VatReading> {
    return this.worker.run(bytes);
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}
