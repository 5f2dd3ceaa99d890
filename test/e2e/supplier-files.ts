/**
 * A supplier's files for the e2e tests of "Compras" and "Declaración IVA": its signed invoice to the seeded
 * organization (test/fixtures/archive-documents.ts foreignDocument), the tax authority's signed acceptance
 * of it (signed as the simulator signs), and a PDF; and an upload of them through the API.
 */
import { writeMensajeHacienda } from '../../src/hacienda/simulator/message-writer.ts';
import { simulatorIdentity } from '../../src/hacienda/simulator/key.ts';
import { signXml } from '../../src/signing/xades-signer.ts';
import { foreignDocument, type ForeignDocument } from '../fixtures/archive-documents.ts';
import type { TestServer } from '../api/harness.ts';

/** startDelivering's organization, and a supplier. */
export const OWNER = '3101123456';
export const SUPPLIER = '3101999999';
export const SUPPLIER_PDF = Buffer.from('%PDF-1.4\nfactura del proveedor\n%%EOF\n');

/** A file as Playwright's setInputFiles takes it. */
export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

let serial = 0;

/** Issued an hour ago: this month's purchase, its answer window (next month's first 8 business days) open. */
export function supplierInvoice(): ForeignDocument {
  const issuedAt = new Date(Date.now() - 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z');
  return foreignDocument(++serial, { issuerId: SUPPLIER, receiverId: OWNER, issuedAt });
}

/** The tax authority's acceptance of `doc`, for its own total. */
export function acceptanceOf(doc: ForeignDocument): Buffer {
  const total = /<TotalComprobante>([^<]+)</.exec(doc.xml.toString())![1]!;
  const xml = writeMensajeHacienda({ clave: doc.clave, issuerName: 'Proveedor S.A.', issuerIdType: '02', issuerId: SUPPLIER, receiverIdType: '02', receiverId: OWNER, message: 1, detail: 'Aceptado', total });
  return Buffer.from(signXml(xml, simulatorIdentity()));
}

/** The invoice, its acceptance and its PDF, as a shopkeeper would pick them. */
export function filesOf(doc: ForeignDocument): FilePayload[] {
  return [
    { name: `FE-${doc.consecutive}.xml`, mimeType: 'application/xml', buffer: doc.xml },
    { name: `MH-${doc.consecutive}.xml`, mimeType: 'text/xml', buffer: acceptanceOf(doc) },
    { name: `FE-${doc.consecutive}.pdf`, mimeType: 'application/pdf', buffer: SUPPLIER_PDF },
  ];
}

/** Uploads files over the API with the organization's key; throws unless every file was taken. */
export async function uploadOverApi(t: TestServer, key: string, files: FilePayload[]): Promise<void> {
  const form = new FormData();
  for (const f of files) form.append('file', new Blob([new Uint8Array(f.buffer)], { type: f.mimeType }), f.name);
  const res = await fetch(`${t.url}/api/v1/received-documents`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
  const body = await res.json();
  if (res.status !== 200 || body.data.problems > 0) throw new Error(`upload refused: ${JSON.stringify(body)}`);
}
