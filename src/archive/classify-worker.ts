/**
 * The worker side of file-classifier.ts: parsing and signature verification of imported files, off the
 * server's event loop.
 */
import { asBuffer, serveRequests } from '../threads/serve-requests.ts';
import { classifyFile } from './import-file.ts';

serveRequests(({ bytes, owner }: { bytes: Uint8Array; owner: string }) => classifyFile(asBuffer(bytes), owner));
