/**
 * A stored document's VAT figures read back from its signed XML: for documents kept before the figures were
 * (vat-backfill.ts). Pure, and nothing the bytes contain makes it throw: received documents are other people's
 * XML, so it runs in a worker (document-vat-reader.ts) with the same limits as any foreign XML.
 */
import { documentVat, type DocumentVat } from '../domain/vat-lines.ts';
import { xmlLimitProblem } from '../domain/xml-limits.ts';
import { readDocument } from '../xml/read-document.ts';

export type VatReading = { vat: DocumentVat } | { problem: string };

export function readDocumentVat(bytes: Buffer): VatReading {
  try {
    if (bytes.includes('<!DOCTYPE')) return { problem: 'XML with a DOCTYPE is not accepted' };
    const tooLarge = xmlLimitProblem(bytes);
    if (tooLarge) return { problem: tooLarge };
    const read = readDocument(bytes);
    if (read.kind !== 'document') return { problem: 'a receiver message carries no VAT figures' };
    return { vat: documentVat(read.model) };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}
