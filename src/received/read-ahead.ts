/**
 * Reading suppliers' files before their turn. The mailbox poll stores one message at a time, in the order
 * the mail came (a document before the answer about it); if each message's files were only verified in its
 * turn, the workers would wait for the store and the store for the workers. Files started here are verified
 * by the reader's workers while earlier messages are stored, and `read` hands over the answer already under
 * way for the same bytes (the same Buffer: receiveFiles passes a mail's XML through as it came), or reads
 * anything else as usual. Only for one poll: what is never asked for goes with it.
 */
import { isPdf, type SupplierFile } from './read-supplier-file.ts';
import { isZip, type IncomingFile } from './unpack.ts';

type ReadFn = (bytes: Buffer, owner: string) => Promise<SupplierFile>;

export function readAhead(read: ReadFn, owner: string): { start: (files: IncomingFile[]) => void; read: ReadFn } {
  const started = new Map<Buffer, Promise<SupplierFile>>();
  return {
    start(files) {
      // A PDF is never sent to the reader, and a ZIP is opened first (unpack.ts): its entries are read in their turn.
      for (const { bytes } of files) {
        if (isPdf(bytes) || isZip(bytes)) continue;
        const reading = read(bytes, owner);
        reading.catch(() => undefined); // a failure is the business of whoever asks for it, if anyone does
        started.set(bytes, reading);
      }
    },
    read(bytes, forOwner) {
      const early = forOwner === owner ? started.get(bytes) : undefined;
      started.delete(bytes);
      return early ?? read(bytes, forOwner);
    },
  };
}
