/**
 * A stored document's PDF: its signed XML is read back with the engine's reader (so the PDF shows exactly
 * what was signed), combined with its state and the organization's branding, and laid out as A4 or as an
 * 80 mm receipt.
 */
import { renderToBuffer } from '@react-pdf/renderer';
import type { DocumentModel } from '../domain/document-model.ts';
import type { Language } from '../i18n/validation-messages.ts';
import { readDocument } from '../xml/read-document.ts';
import { a4Document } from './a4-template.ts';
import { registerFonts } from './fonts.ts';
import { defaultPdfFormat, type PdfFormat } from './pdf-format.ts';
import { receiptDocument } from './receipt-template.ts';
import { cashRows } from './cash-rows.ts';
import { buildPdfView, type PdfBranding } from './view-model.ts';

/** The stored columns a PDF needs (a DocumentRow has them all). */
export interface StoredDocument {
  documentType: string;
  signedXml: Buffer;
  status: string;
  haciendaMessage: string | null;
  environment: string;
}

export interface PdfOptions {
  /** Default: defaultPdfFormat of the document type. */
  format?: PdfFormat | undefined;
  lang: Language;
  /** Cash the customer handed over (decimal text, the document's currency): a receipt prints it with the change. */
  cashReceived?: string | undefined;
}

/** Receiver messages (MensajeReceptor) are answers about someone else's document: they have no PDF. */
export class PdfNotAvailableError extends Error {}

function comprobanteOf(signedXml: Buffer): DocumentModel {
  const read = readDocument(signedXml);
  if (read.kind !== 'document') throw new PdfNotAvailableError('A receiver message has no printed representation.');
  return read.model;
}

export async function renderDocumentPdf(doc: StoredDocument, branding: PdfBranding | undefined, options: PdfOptions): Promise<Buffer> {
  registerFonts();
  const model = comprobanteOf(doc.signedXml);
  const view = buildPdfView({ model, status: doc.status, haciendaMessage: doc.haciendaMessage, environment: doc.environment, branding }, options.lang);
  const format = options.format ?? defaultPdfFormat(doc.documentType);
  const cash = cashRows(options.cashReceived, model.summary.total, model.summary.currency, options.lang);
  return renderToBuffer(format === 'receipt' ? receiptDocument(view, cash) : a4Document(view));
}
