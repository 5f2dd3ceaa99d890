/**
 * Receiving one arrival of suppliers' files — a mail's attachments, an upload, a folder's new files: read
 * off the event loop, matched by clave, and stored in one transaction, each document with its answer and PDF.
 * Idempotent by clave: the same mail fetched twice, or the same document by mail and by upload, is stored
 * once, and a later arrival only fills in the answer or the PDF that was missing. Every file gets an
 * outcome; none is dropped without a reason.
 */
import { CalendarGapError, type BusinessCalendar } from '../domain/business-days.ts';
import type { Clock } from '../domain/clock.ts';
import type { Store } from '../store/database.ts';
import type { Emit } from '../store/document-status.ts';
import {
  attachHaciendaAnswer, attachPdf, findReceivedByClave, insertReceived, type Attached, type NewReceivedDocument, type ReceivedState, type Scope,
} from '../store/received-documents.ts';
import { insertVat } from '../store/vat-lines.ts';
import { transactionMonth } from '../domain/vat-lines.ts';
import { answerFindings, type ReceivedAnswer } from './answer-checks.ts';
import { answerDeadline, isAnswerable } from './answer-deadline.ts';
import { scheduleDeadlineJob } from './deadline-schedule.ts';
import { emitStored, emitterOf } from './received-events.ts';
import type { Finding } from './findings.ts';
import { matchFiles, type Arrival, type ReadFile } from './match-files.ts';
import { isPdf, type SupplierFile } from './read-supplier-file.ts';
import { unpack, type IncomingFile } from './unpack.ts';

export interface ReceiveDependencies {
  store: Pick<Store, 'db' | 'transaction'>;
  clock: Clock;
  /** readSupplierFile, in a worker (supplier-file-reader.ts). */
  read: (bytes: Buffer, owner: string) => Promise<SupplierFile>;
  calendar: BusinessCalendar;
  /** Records `received.stored` and fans it out (core.ts); record only when absent. */
  emit?: Emit;
}

export interface ReceiveScope extends Scope {
  /** The organization's identification: the receiver every document must name. */
  owner: string;
}

export interface ReceiveSource {
  kind: 'imap' | 'folder' | 'upload';
  /** The mail's Message-ID, or the upload's or folder file's name. */
  name: string;
}

export type FileOutcome =
  | { file: string; status: 'stored' | 'duplicate'; clave: string }
  | { file: string; status: 'attached'; clave: string; what: 'answer' | 'pdf' }
  | { file: string; status: 'problem'; reason: string };

/** A PDF is the supplier's printed copy: pages of text and a logo, never tens of megabytes. */
export const MAX_PDF_BYTES = 10 * 1024 * 1024;

const isAnswerFinding = (f: Finding) => f.code.startsWith('answer_');

/** The last day to answer, or undefined where no answer is needed or the calendar does not reach. */
function dueOf(arrival: Arrival, calendar: BusinessCalendar) {
  if (!isAnswerable(arrival.document.documentType)) return undefined;
  try {
    return answerDeadline(new Date(arrival.document.issuedAt), calendar);
  } catch (error) {
    if (error instanceof CalendarGapError) return undefined;
    throw error;
  }
}

function rowOf(arrival: Arrival, scope: ReceiveScope, source: ReceiveSource, deps: ReceiveDependencies): NewReceivedDocument {
  const { chain, findings, vat: _vat, ...record } = arrival.document;
  const now = deps.clock.now();
  const due = dueOf(arrival, deps.calendar);
  const state: ReceivedState = !isAnswerable(record.documentType) ? 'not_required' : due && now >= due.closesAt ? 'tacitly_accepted' : 'pending';
  return {
    organizationId: scope.organizationId, environment: scope.environment, clave: record.clave, documentType: record.documentType,
    consecutive: record.consecutive, issuerIdentificationType: record.issuerIdentificationType, issuerIdentification: record.issuerIdentification, issuerName: record.issuerName,
    receiverIdentification: scope.owner, currency: record.currency, exchangeRate: record.exchangeRate, totalAmount: record.totalAmount,
    taxAmount: record.totalTax, taxBreakdown: record.taxBreakdown, references: record.references, issuedAt: record.issuedAt,
    transactionMonth: transactionMonth(record.issuedAt), answerDue: due?.lastDay ?? null, signedXml: record.signedXml, chainVerified: chain.verified,
    haciendaAnswerXml: arrival.answer?.xml ?? null, haciendaAnswerState: arrival.answer?.answer.message.state ?? null, pdf: arrival.pdf?.bytes ?? null,
    findings: [...findings, ...answerFindings(record, arrival.answer?.answer)], state, source: source.kind, sourceName: source.name,
    receivedAt: now.toISOString(),
  };
}

/** Findings that say an answer cannot stand for the document: a later, trustworthy one takes its place. */
const UNRELIABLE_ANSWER: ReadonlySet<string> = new Set(['answer_untrusted', 'answer_mismatch']);
const unreliable = (findings: readonly { code: string }[]) => findings.some((f) => UNRELIABLE_ANSWER.has(f.code));

/**
 * Stores an answer for a document received before; its answer findings are judged again with it. A stored
 * answer that was forged or about another document does not keep the genuine one out.
 */
function attachAnswer(deps: ReceiveDependencies, scope: Scope, answer: ReceivedAnswer, xml: Buffer): Attached {
  const row = findReceivedByClave(deps.store.db, scope, answer.message.clave);
  if (!row) return 'missing';
  const judged = answerFindings(row, answer);
  const replace = row.haciendaAnswerXml !== null && unreliable(row.findings) && !unreliable(judged);
  const findings = [...row.findings.filter((f) => !isAnswerFinding(f as Finding)), ...judged];
  const added = attachHaciendaAnswer(deps.store.db, scope, row.clave, { xml, state: answer.message.state, findings }, deps.clock.now(), replace);
  return added ? 'attached' : 'present';
}

/** What became of an answer or a PDF: kept, already there, or about a document that is not here. */
function attachOutcome(file: string, clave: string, what: 'answer' | 'pdf', attached: Attached): FileOutcome {
  if (attached === 'attached') return { file, status: 'attached', clave, what };
  if (attached === 'present') return { file, status: 'duplicate', clave };
  const reason = what === 'answer' ? `the tax authority's answer about ${clave}, a document not received yet` : `the PDF of ${clave}, a document not received yet`;
  return { file, status: 'problem', reason };
}

function keepAnswer(deps: ReceiveDependencies, scope: Scope, answer: { answer: ReceivedAnswer; xml: Buffer; file: string }): FileOutcome {
  return attachOutcome(answer.file, answer.answer.message.clave, 'answer', attachAnswer(deps, scope, answer.answer, answer.xml));
}

function keepPdf(deps: ReceiveDependencies, scope: Scope, clave: string, pdf: { bytes: Buffer; file: string }): FileOutcome {
  return attachOutcome(pdf.file, clave, 'pdf', attachPdf(deps.store.db, scope, clave, pdf.bytes, deps.clock.now()));
}

function storeArrival(deps: ReceiveDependencies, scope: ReceiveScope, source: ReceiveSource, arrival: Arrival, out: FileOutcome[]): void {
  const clave = arrival.document.clave;
  const row = rowOf(arrival, scope, source, deps);
  const inserted = insertReceived(deps.store.db, row, deps.clock.now());
  if (inserted !== undefined) {
    const key = { source: 'received' as const, documentId: inserted, organizationId: scope.organizationId, environment: scope.environment };
    insertVat(deps.store.db, { ...key, month: row.transactionMonth, documentType: row.documentType }, arrival.document.vat);
    // Only a first store is announced: the same document again changes nothing and says nothing.
    emitStored(emitterOf(deps), deps.store.db, row, deps.clock.now());
  }
  out.push({ file: arrival.file, status: inserted === undefined ? 'duplicate' : 'stored', clave });
  if (inserted !== undefined) {
    if (arrival.answer) out.push(attachOutcome(arrival.answer.file, clave, 'answer', 'attached'));
    if (arrival.pdf) out.push(attachOutcome(arrival.pdf.file, clave, 'pdf', 'attached'));
    return;
  }
  // Known already: what this arrival adds is its answer or PDF, where the stored row has none.
  if (arrival.answer) out.push(keepAnswer(deps, scope, arrival.answer));
  if (arrival.pdf) out.push(keepPdf(deps, scope, clave, arrival.pdf));
}

async function readAll(deps: ReceiveDependencies, owner: string, files: IncomingFile[], out: FileOutcome[]): Promise<ReadFile[]> {
  const read: ReadFile[] = [];
  for (const file of files) {
    // A PDF is recognised here, not copied to the worker only to have its first five bytes read.
    const result: SupplierFile = isPdf(file.bytes) ? { kind: 'pdf' } : await deps.read(file.bytes, owner);
    if (result.kind === 'pdf' && file.bytes.length > MAX_PDF_BYTES) {
      out.push({ file: file.name, status: 'problem', reason: `a PDF of more than ${MAX_PDF_BYTES / (1024 * 1024)} MiB is not kept` });
    } else {
      read.push({ ...file, read: result });
    }
  }
  return read;
}

export async function receiveFiles(deps: ReceiveDependencies, scope: ReceiveScope, source: ReceiveSource, files: IncomingFile[]): Promise<FileOutcome[]> {
  const out: FileOutcome[] = [];
  const unpacked = await unpack(files);
  for (const p of unpacked.problems) out.push({ file: p.name, status: 'problem', reason: p.reason });
  const matched = matchFiles(await readAll(deps, scope.owner, unpacked.files, out));
  for (const p of matched.problems) out.push({ file: p.name, status: 'problem', reason: p.reason });
  for (const r of matched.repeats) out.push({ file: r.name, status: 'duplicate', clave: r.clave });
  deps.store.transaction(() => {
    for (const arrival of matched.arrivals) storeArrival(deps, scope, source, arrival, out);
    for (const answer of matched.looseAnswers) out.push(keepAnswer(deps, scope, answer));
    for (const pdf of matched.loosePdfs) out.push(keepPdf(deps, scope, pdf.clave, pdf));
    // A document now awaits an answer: the daily job settles its silence and announces its deadline.
    if (out.some((o) => o.status === 'stored')) scheduleDeadlineJob(deps.store.db, scope.organizationId, deps.clock.now());
  });
  return out;
}
