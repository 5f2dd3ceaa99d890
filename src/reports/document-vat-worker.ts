/** The worker side of document-vat-reader.ts. */
import { asBuffer, serveRequests } from '../threads/serve-requests.ts';
import { readDocumentVat } from './read-document-vat.ts';

serveRequests((bytes: Uint8Array) => readDocumentVat(asBuffer(bytes)));
