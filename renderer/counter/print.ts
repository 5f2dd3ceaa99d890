/**
 * Printing a ticket's 80 mm receipt: the server renders it (GET /documents/{key}/pdf?format=receipt,
 * docs/pdf.md), read back from the signed XML, so what is printed is the legal document. It loads in one
 * hidden frame of the page's own origin (the CSP's frame-src, src/api/browser/content-security-policy.ts)
 * and the frame's print dialog opens once it has loaded.
 *
 * `disposition=inline`: by default the route answers `Content-Disposition: attachment`, which a frame
 * downloads instead of showing; the parameter (beyond the spec, docs/documents-api.md) asks for the inline
 * answer a frame can print.
 */
import { fileUrl, query } from '../api/client.ts';
import type { Language } from '../i18n/store.ts';

const FRAME_ID = 'receipt-print-frame';

/**
 * `cashReceived`: the cash the customer handed over (decimal text), printed on the receipt with the change
 * (`cash_received`, beyond the spec: docs/pdf.md); not part of the signed document, so it travels here.
 */
export function receiptUrl(clave: string, language: Language, cashReceived: string | null = null): string {
  const params = { format: 'receipt', lang: language, disposition: 'inline', cash_received: cashReceived ?? undefined };
  return fileUrl(`/documents/${encodeURIComponent(clave)}/pdf${query(params)}`);
}

/** Loads `url` in the page's hidden print frame and opens its print dialog when it has loaded. */
export function printInFrame(url: string, doc: Document = document): HTMLIFrameElement {
  doc.getElementById(FRAME_ID)?.remove(); // a fresh frame: its load event is this receipt's
  const frame = doc.createElement('iframe');
  frame.id = FRAME_ID;
  frame.title = 'receipt';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  // Out of sight but rendered: a display:none frame is not laid out, and some engines then print nothing.
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '1px', height: '1px', border: '0', opacity: '0' });
  frame.addEventListener('load', () => {
    try {
      frame.contentWindow?.print();
    } catch {
      // a frame that could not load a printable document: nothing to print
    }
  }, { once: true });
  frame.src = url;
  doc.body.appendChild(frame);
  return frame;
}
