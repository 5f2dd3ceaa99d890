/**
 * What one file from a supplier is: its signed document for this organization (read, signed by its issuer, its
 * arithmetic checked), the tax authority's answer about a document (its signature judged), a PDF (the printed
 * copy, matched by clave later), or a problem with the reason it is not taken. Pure, and nothing a file
 * contains can make it throw: it runs in a worker (supplier-file-reader.ts) on other people's bytes.
 */
import { readSignedDocument, screenXml, type ImportedRecord, type PartyRule } from '../archive/import-file.ts';
import type { DocumentModel } from '../domain/document-model.ts';
import { documentVat, type DocumentVat } from '../domain/vat-lines.ts';
import { judgeAnswerSignature } from '../hacienda/answer-signature.ts';
import { readHaciendaMessage } from '../hacienda/hacienda-message.ts';
import type { ChainResult } from '../signing/verify-chain.ts';
import type { ReceivedAnswer } from './answer-checks.ts';
import type { Finding } from './findings.ts';
import { totalsFindings } from './totals-checks.ts';

/** What the VAT worksheet and the answer need of a supplier's document, besides its archive record. */
export interface SupplierDocument extends ImportedRecord {
  issuerIdentificationType: string;
  exchangeRate: string;
  totalTax: string;
  /** TotalDesgloseImpuesto: net tax by tax code and VAT rate code. */
  taxBreakdown: { code: string; rateCode?: string; amount: string }[];
  /** InformacionReferencia: what a note refers to (a clave or a consecutive). */
  references: { documentType: string; number?: string; code?: string }[];
  /** Its VAT by rate, in colones, for the worksheet (kept with it: store/vat-lines.ts). */
  vat: DocumentVat;
  chain: ChainResult;
  findings: Finding[];
}

export type SupplierFile =
  | { kind: 'document'; document: SupplierDocument }
  | { kind: 'answer'; answer: ReceivedAnswer; xml: Buffer }
  | { kind: 'pdf' }
  | { kind: 'problem'; reason: string };

const problem = (reason: string): SupplierFile => ({ kind: 'problem', reason });

/** A PDF, by its header: the supplier's printed copy, kept as it came, never parsed. */
export const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

/** A supplier's document names this organization as its receiver; one's own documents belong in the archive. */
const supplierToOwner = (owner: string): PartyRule => (issuer, receiver) => {
  if (issuer === owner) return `it is a document this organization issued (${issuer}): import it into the fiscal archive instead`;
  if (receiver === undefined) return 'it names no receiver: it gives no VAT credit and needs no answer';
  return receiver === owner ? undefined : `its receiver is ${receiver}, not this organization (${owner})`;
};

function supplierDocument(model: DocumentModel, record: ImportedRecord, chain: ChainResult): SupplierDocument {
  const s = model.summary;
  return {
    ...record,
    issuerIdentificationType: model.issuer.identification.type,
    exchangeRate: s.exchangeRate.toFixed(5),
    totalTax: s.tax.toFixed(5),
    taxBreakdown: s.taxBreakdown.map((b) => ({ code: b.code, ...(b.rateCode && { rateCode: b.rateCode }), amount: b.amount.toFixed(5) })),
    references: model.references.map((r) => ({ documentType: r.documentType, ...(r.number && { number: r.number }), ...(r.code && { code: r.code }) })),
    vat: documentVat(model),
    chain,
    findings: [
      ...(chain.verified ? [] : [{ code: 'chain_unverified' as const, params: { detail: chain.detail } }]),
      ...totalsFindings(model),
    ],
  };
}

function readAnswer(bytes: Buffer): SupplierFile {
  try {
    const message = readHaciendaMessage(bytes);
    const { clave, issuerId, receiverId, total, state, detail } = message;
    return { kind: 'answer', answer: { message: { clave, issuerId, receiverId, total, state, detail }, signature: judgeAnswerSignature(message.signature) }, xml: bytes };
  } catch (error) {
    return problem(`not a readable answer of the tax authority (MensajeHacienda): ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Reads one file's bytes for the organization with identification `owner`. */
export function readSupplierFile(bytes: Buffer, owner: string): SupplierFile {
  try {
    if (isPdf(bytes)) return { kind: 'pdf' };
    const screened = screenXml(bytes);
    if ('problem' in screened) return problem(screened.problem);
    if (screened.root === 'MensajeHacienda') return readAnswer(bytes);
    const read = readSignedDocument(bytes, supplierToOwner(owner));
    if (typeof read === 'string') return problem(read);
    if (read.model.type === '04') return problem('it is a ticket (tiquete electrónico): it gives no VAT credit and needs no answer');
    return { kind: 'document', document: supplierDocument(read.model, read.record, read.chain) };
  } catch (error) {
    return problem(`cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}
