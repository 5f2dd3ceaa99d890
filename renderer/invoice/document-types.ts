/**
 * What each document type asks of the form. Only what decides which fields show: whether a document is
 * acceptable is the server's draft check, so these rules never block issuing on their own.
 */
import type { DocumentTypeCode } from './types.ts';

export const DOCUMENT_TYPES: readonly DocumentTypeCode[] = ['01', '02', '03', '04', '08', '09', '10'];

export function isDocumentType(code: string): code is DocumentTypeCode {
  return (DOCUMENT_TYPES as readonly string[]).includes(code);
}

/** Every type but the ticket names its receiver (spec: `receiver` required except for tickets). */
export const needsParty = (type: DocumentTypeCode) => type !== '04';

/** Notes, purchase invoices and payment receipts carry InformacionReferencia. */
export const needsReference = (type: DocumentTypeCode) => type === '02' || type === '03' || type === '08' || type === '10';

/** On a purchase invoice the organization buys: the party typed is the issuer (supplier), the organization the receiver. */
export const partyIsSupplier = (type: DocumentTypeCode) => type === '08';

/** Export invoices: foreign receiver address and tariff headings on goods lines. */
export const isExport = (type: DocumentTypeCode) => type === '09';

/** A payment receipt pays an earlier document: its lines need no CABYS code. */
export const linesNeedCabys = (type: DocumentTypeCode) => type !== '10';

/**
 * Referenced document type (Nota 10) of a document the shopkeeper starts a note from: 01 FE, 02 ND, 03 NC,
 * 04 TE, 09 FEE -> 19 (as the server's void does), 08 FEC -> 15, 10 REP -> 20.
 */
export const REFERENCED_TYPE: Readonly<Record<string, string>> = { '01': '01', '02': '02', '03': '03', '04': '04', '08': '15', '09': '19', '10': '20' };

/**
 * The reason code (Nota 9) a new reference starts with. A credit note written here corrects an amount (14,
 * "Corrige monto por error material", the 2026 revision's code for what 4.3 called "Corrige monto"): a whole
 * annulment (01) is the Documents screen's "Anular", which credits exactly what is left. The rest refer (04).
 */
export const defaultReferenceCode = (type: DocumentTypeCode) => (type === '03' ? '14' : '04');

/** Notes: after one is issued the form goes back to a new invoice (their type and reference belong to the note). */
export const isNote = (type: string) => type === '02' || type === '03';
