/** The worker side of supplier-file-reader.ts: suppliers' files read and verified off the event loop. */
import { asBuffer, serveRequests } from '../threads/serve-requests.ts';
import { readSupplierFile } from './read-supplier-file.ts';

serveRequests(({ bytes, owner }: { bytes: Uint8Array; owner: string }) => readSupplierFile(asBuffer(bytes), owner));
