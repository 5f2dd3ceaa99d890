/**
 * The automatic receipt (docs/tills.md, "Printers"): a document issued on a till whose printer has
 * `print_on_issue` is printed once the issuing answer has gone out. The issuing route (and the void route,
 * for its credit note) hands the document over when its response closes (print-service.ts `afterIssue`);
 * from here on nothing the printer does can delay or undo the sale. The till is read from the consecutive
 * (branch, terminal: its first 8 digits).
 */
import { tillOfConsecutive } from '../domain/consecutive.ts';
import type { Language } from '../i18n/validation-messages.ts';
import type { Store } from '../store/database.ts';
import { documentPrint } from '../store/document-prints.ts';
import { findDocument } from '../store/documents.ts';
import { tillPrinter } from '../store/printers.ts';
import type { DocumentPrint } from './print-document.ts';

export interface IssuedForPrint {
  organizationId: number;
  environment: string;
  documentId: number;
  /** The 20 digits: branch (3), terminal (5), type (2), number (10). */
  consecutive: string;
  /** The session's cashier who sold. */
  cashier?: string | undefined;
  /** X-Cash-Received of the issuing request, already checked as a decimal. */
  cashReceived?: string | undefined;
  lang?: Language;
}

/**
 * The receipt to print, or undefined when the till has no printer that prints on issue (nothing to do), or
 * when the document has already come out of a printer (a print on request beat the automatic one to it).
 */
export function receiptAfterIssue(store: Pick<Store, 'db'>, issued: IssuedForPrint): DocumentPrint | undefined {
  const { branch, terminal } = tillOfConsecutive(issued.consecutive);
  const printer = tillPrinter(store.db, issued.organizationId, branch, terminal, true);
  if (!printer) return undefined;
  const document = findDocument(store.db, issued.organizationId, issued.environment, String(issued.documentId));
  if (!document || (documentPrint(store.db, document.id)?.copies ?? 0) > 0) return undefined;
  return { document, printer, copy: false, cashier: issued.cashier, cashReceived: issued.cashReceived, lang: issued.lang ?? 'es' };
}
