/**
 * What one file of an import is: a signed v4.4 document of the organization (read with the engine's reader,
 * its signature verified), a signed answer of the tax authority (MensajeHacienda, paired with its document
 * by clave later), or a problem with the reason it is not imported. Pure: nothing here touches the store,
 * and nothing a file contains can make it throw.
 */
import { readHaciendaMessage } from '../hacienda/hacienda-message.ts';
import { judgeAnswerSignature } from '../hacienda/answer-signature.ts';
import type { ChainResult } from '../signing/verify-chain.ts';
import { issuerSignature } from '../signing/issuer-signature.ts';
import { readDocument } from '../xml/read-document.ts';
import { xmlLimitProblem } from '../domain/xml-limits.ts';
import { codeFieldProblem } from './import-codes.ts';
import { formatCostaRicaDateTime, parseZonedDateTime, COSTA_RICA_OFFSET } from '../domain/costa-rica-time.ts';
import type { DocumentModel } from '../domain/document-model.ts';
import type { NewImportedDocument } from '../store/imported-documents.ts';

/** An imported document's row, but for the organization, environment, file name, time of import and answer. */
export type ImportedRecord = Omit<NewImportedDocument, 'organizationId' | 'environment' | 'sourceFile' | 'importedAt' | 'responseXml'>;

/** `chain`: whether the signer's certificate chains to a Costa Rican root (src/signing/verify-chain.ts). */
export type ClassifiedFile =
  | { kind: 'document'; record: ImportedRecord; chain: ChainResult }
  | { kind: 'answer'; clave: string; chain: ChainResult }
  | { kind: 'problem'; reason: string };

const problem = (reason: string): ClassifiedFile => ({ kind: 'problem', reason });
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The local name of the root element, from the first bytes (declaration, comments and processing
 * instructions skipped); undefined when the file does not start like XML at all.
 */
export function rootElementName(bytes: Buffer): string | undefined {
  const head = bytes.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '');
  const match = /^\s*(?:(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->)\s*)*<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[\s/>]/.exec(head);
  return match?.[1];
}

/** FechaEmision in Costa Rica time, the form issued documents are stored with (a missing zone is Costa Rica's). */
function issueInstant(text: string): string | undefined {
  const zoned = parseZonedDateTime(text) ?? (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text) ? parseZonedDateTime(`${text}${COSTA_RICA_OFFSET}`) : undefined);
  return zoned ? formatCostaRicaDateTime(zoned) : undefined;
}

/** Who may be party to a document, as the caller sees it: a reason to refuse it, or undefined. */
export type PartyRule = (issuer: string, receiver: string | undefined) => string | undefined;

/** The archive keeps what the organization issued and what it received. */
const issuerOrReceiver = (owner: string): PartyRule => (issuer, receiver) =>
  issuer !== owner && receiver !== owner ? `neither its issuer (${issuer}) nor its receiver (${receiver ?? 'none'}) is this organization (${owner})` : undefined;

function documentRecord(model: DocumentModel, bytes: Buffer, parties: PartyRule): ImportedRecord | string {
  const issuer = model.issuer.identification.number;
  const receiver = model.receiver?.identification.number ?? null;
  const refused = parties(issuer, receiver ?? undefined);
  if (refused) return refused;
  if (!/^[0-9A-Z]{50}$/.test(model.clave)) return `its Clave "${model.clave}" is not 50 digits or capital letters`;
  const badCode = codeFieldProblem(model);
  if (badCode) return badCode;
  const issuedAt = issueInstant(model.issuedAt);
  if (!issuedAt) return `its FechaEmision "${model.issuedAt}" is not a date and time`;
  return {
    clave: model.clave,
    documentType: model.type,
    consecutive: model.consecutive,
    issuerIdentification: issuer,
    issuerName: model.issuer.name,
    receiverIdentification: receiver,
    receiverName: model.receiver?.name ?? null,
    currency: model.summary.currency,
    totalAmount: model.summary.total.toFixed(5),
    issuedAt,
    signedXml: bytes,
  };
}

function classifyAnswer(bytes: Buffer): ClassifiedFile {
  try {
    const answer = readHaciendaMessage(bytes);
    const judged = judgeAnswerSignature(answer.signature);
    if (judged.state === 'invalid') return problem(`the tax authority's signature does not verify: ${judged.detail}`);
    if (judged.state === 'not_tax_authority') return problem(judged.detail);
    return { kind: 'answer', clave: answer.clave, chain: { verified: judged.state === 'verified', detail: judged.detail } };
  } catch (error) {
    return problem(`not a readable MensajeHacienda: ${message(error)}`);
  }
}

/** A signed v4.4 document of someone else, read, its parties accepted by `parties`, signed by its issuer. */
export interface SignedDocument {
  model: DocumentModel;
  record: ImportedRecord;
  chain: ChainResult;
}

export function readSignedDocument(bytes: Buffer, parties: PartyRule): SignedDocument | string {
  let read: ReturnType<typeof readDocument>;
  try {
    read = readDocument(bytes);
  } catch (error) {
    return `not a v4.4 document: ${message(error)}`;
  }
  if (read.kind === 'receiver-message') return 'a receiver message (MensajeReceptor), not a comprobante';
  if (read.signatureCount === 0) return 'not signed (no ds:Signature)';
  const record = documentRecord(read.model, bytes, parties);
  if (typeof record === 'string') return record;
  // Last, as it is the costly check: the other reasons are found without it.
  const signature = issuerSignature(bytes, record.issuerIdentification);
  if (!signature.ok) return signature.problem;
  return { model: read.model, record, chain: signature.chain };
}

function classifyDocument(bytes: Buffer, owner: string): ClassifiedFile {
  const read = readSignedDocument(bytes, issuerOrReceiver(owner));
  return typeof read === 'string' ? problem(read) : { kind: 'document', record: read.record, chain: read.chain };
}

/**
 * Why other people's XML is refused before it is read at all (DOCTYPE, size, depth, not XML); otherwise
 * its root element's local name.
 */
export function screenXml(bytes: Buffer): { problem: string } | { root: string } {
  // Never in a v4.4 document, and the way in for entity-expansion attacks.
  if (bytes.includes('<!DOCTYPE')) return { problem: 'XML with a DOCTYPE is not accepted' };
  // Size, element count and depth in one cheap pass, before any DOM is built.
  const tooLarge = xmlLimitProblem(bytes);
  if (tooLarge) return { problem: tooLarge };
  const root = rootElementName(bytes);
  return root === undefined ? { problem: 'not an XML document' } : { root };
}

/** Classifies one file's bytes for the organization with identification `owner`. */
export function classifyFile(bytes: Buffer, owner: string): ClassifiedFile {
  try {
    const screened = screenXml(bytes);
    if ('problem' in screened) return problem(screened.problem);
    return screened.root === 'MensajeHacienda' ? classifyAnswer(bytes) : classifyDocument(bytes, owner);
  } catch (error) {
    return problem(`cannot be read: ${message(error)}`);
  }
}
