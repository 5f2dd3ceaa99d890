/**
 * The PDF worker (worker-entries.json "document-pdf"): lays out documents' PDFs away from the event loop the
 * counter issues on. Buffers arrive as Uint8Arrays (structured clone); the XML reader and the image decoders
 * want Buffers again.
 */
import { asBuffer, serveRequests } from '../threads/serve-requests.ts';
import { answerPdf, type PdfRequest } from './pdf-answer.ts';

function revive(request: PdfRequest): PdfRequest {
  const logo = request.branding?.logo;
  const branding = logo ? { ...request.branding!, logo: asBuffer(logo) } : request.branding;
  return { ...request, doc: { ...request.doc, signedXml: asBuffer(request.doc.signedXml) }, branding };
}

serveRequests((request: PdfRequest) => answerPdf(revive(request)));
