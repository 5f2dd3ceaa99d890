/**
 * Answering a supplier's document (POST /received-documents/{clave}/answer): the MensajeReceptor is built
 * from the stored document — clave, supplier, total, tax — with the buyer's verdict and, unless given, the
 * VAT condition and amounts prefilled: acceptance claims the whole VAT as credit (condition 01), a rejection
 * claims nothing; it is then numbered, signed and delivered through the outbox like any document (issued by
 * the function the caller passes: receiver-messages/issue-receiver-message.ts with the organization's
 * certificate), and the received document takes the verdict's state. Only within the answer window: past it
 * the document is presumed accepted, and an answer the tax authority would take as late is not sent.
 *
 * MontoTotalDeGastoAplicable is read as the part of the total that is an expense: the total less the tax
 * credited (the annex: "the VAT paid that does not become credit becomes expense"). RECEIVING-AND-VAT.md
 * calls the field's meaning unverified; docs/received.md says which reading this is.
 */
import type { Clock } from '../domain/clock.ts';
import { costaRicaDate } from '../domain/costa-rica-time.ts';
import { AppError } from '../domain/errors.ts';
import { Dec, sum } from '../domain/money.ts';
import { VAT_TAX_CODES } from '../domain/tax-amounts.ts';
import type { SavedDocument } from '../domain/issuing-port.ts';
import { isReceiverMessageType } from '../domain/consecutive.ts';
import { RECEIVER_MESSAGE_CONSECUTIVE_TYPE } from '../receiver-messages/parse-receiver-message.ts';
import type { Store } from '../store/database.ts';
import type { Emit } from '../store/document-status.ts';
import { findDocumentByClave } from '../store/documents.ts';
import { findReceivedByClave, setReceivedState, type AnswerClaim, type ReceivedDocumentRow, type ReceivedState, type Scope } from '../store/received-documents.ts';
import { getReceivedDocument } from './received-queries.ts';
import { emitAnswered, emitterOf } from './received-events.ts';

export interface AnswerInput {
  message: 1 | 2 | 3;
  detail?: string;
  taxCondition?: string;
  creditableTax?: string;
  applicableExpense?: string;
  activityCode?: string;
}

export interface AnswerDependencies {
  store: Pick<Store, 'db' | 'transaction'>;
  clock: Clock;
  /** Records `received.answered` and fans it out (core.ts); record only when absent. */
  emit?: Emit;
}

const STATE_OF: Record<AnswerInput['message'], ReceivedState> = { 1: 'accepted', 2: 'partially_accepted', 3: 'rejected' };
/** The same, by the MensajeReceptor's consecutive type (05, 06, 07: RECEIVER_MESSAGE_CONSECUTIVE_TYPE). */
const STATE_OF_TYPE: Record<string, ReceivedState> = Object.fromEntries(
  Object.entries(RECEIVER_MESSAGE_CONSECUTIVE_TYPE).map(([message, type]) => [type, STATE_OF[Number(message) as AnswerInput['message']]]),
);
/** The message (1, 2, 3) of a MensajeReceptor's consecutive type. */
const MESSAGE_OF_TYPE: Record<string, AnswerInput['message']> = Object.fromEntries(
  Object.entries(RECEIVER_MESSAGE_CONSECUTIVE_TYPE).map(([message, type]) => [type, Number(message) as AnswerInput['message']]),
);


/**
 * The VAT the document charged, net of exonerations (its TotalDesgloseImpuesto for the VAT codes): what an
 * acceptance claims by default. Other taxes (selectivo de consumo, specific taxes) are no VAT credit.
 */
function vatOf(row: ReceivedDocumentRow): string {
  return sum(row.taxBreakdown.filter((b) => VAT_TAX_CODES.has(b.code)).map((b) => new Dec(b.amount))).toFixed(5);
}

/** The ReceptorMessageRequest for `row`, the buyer's choices over the prefilled values. */
export function answerRequest(row: ReceivedDocumentRow, input: AnswerInput, receiverIdType: string): Record<string, unknown> {
  const rejected = input.message === 3;
  const hasTax = new Dec(row.taxAmount).gt(0);
  const credit = input.creditableTax ?? (rejected ? undefined : vatOf(row));
  const expense = input.applicableExpense ?? (rejected || credit === undefined ? undefined : new Dec(row.totalAmount).minus(credit).toFixed(5));
  return {
    clave: row.clave,
    message: input.message,
    issuer_id: row.issuerIdentification,
    issuer_id_type: row.issuerIdentificationType,
    receiver_id: row.receiverIdentification,
    receiver_id_type: receiverIdType,
    issue_date: row.issuedAt,
    total: row.totalAmount,
    original_doc_type: row.documentType,
    ...(hasTax && { total_tax: row.taxAmount }),
    ...(input.detail && { message_detail: input.detail }),
    ...(input.activityCode && { activity_code: input.activityCode }),
    ...(!rejected && hasTax && { tax_condition: input.taxCondition ?? '01' }),
    ...(!rejected && hasTax && credit !== undefined && { total_tax_credit: credit }),
    ...(!rejected && expense !== undefined && { total_applicable_expense: expense }),
  };
}

/** The claim of a MensajeReceptor we signed, read back from its bytes (our own XML: one element each at most). */
function claimIn(signedXml: Buffer): AnswerClaim {
  const xml = signedXml.toString('utf8');
  return {
    taxCondition: /<CondicionImpuesto>([^<]+)<\/CondicionImpuesto>/.exec(xml)?.[1] ?? null,
    creditableTax: /<MontoTotalImpuestoAcreditar>([^<]+)<\/MontoTotalImpuestoAcreditar>/.exec(xml)?.[1] ?? null,
  };
}

export async function answerReceived(
  deps: AnswerDependencies,
  scope: Scope & { receiverIdType: string },
  clave: string,
  input: AnswerInput,
  issue: (request: Record<string, unknown>) => Promise<SavedDocument>,
): Promise<{ row: ReceivedDocumentRow; answer: SavedDocument }> {
  const row = getReceivedDocument(deps, scope, clave);
  // An answer issued before a crash that came before its state was kept: the state follows it now.
  const sent = findDocumentByClave(deps.store.db, scope.organizationId, scope.environment, clave);
  if (sent && isReceiverMessageType(sent.documentType) && row.answerDocumentId === null) {
    const state = STATE_OF_TYPE[sent.documentType] ?? 'accepted';
    deps.store.transaction((db) => {
      setReceivedState(db, row.id, state, sent.id, claimIn(sent.signedXml), deps.clock.now());
      // The state change happens only now, so this is its one announcement.
      emitAnswered(emitterOf(deps), db, scope, { clave, message: MESSAGE_OF_TYPE[sent.documentType] ?? 1, state, answerDocumentId: sent.id }, deps.clock.now());
    });
    throw new AppError('answer_not_allowed', 409, `Received document ${clave} was already answered (${sent.consecutive}).`);
  }
  if (row.state === 'tacitly_accepted' || (row.answerDue !== null && costaRicaDate(deps.clock.now()) > row.answerDue)) {
    throw new AppError('answer_window_closed', 409, `The answer window of ${clave} closed on ${row.answerDue}: the document is presumed accepted.`);
  }
  if (row.state !== 'pending') {
    throw new AppError('answer_not_allowed', 409, `Received document ${clave} is ${row.state}: it takes no answer now.`);
  }
  const request = answerRequest(row, input, scope.receiverIdType);
  const answer = await issue(request);
  const claim = { taxCondition: (request.tax_condition as string | undefined) ?? null, creditableTax: (request.total_tax_credit as string | undefined) ?? null };
  deps.store.transaction((db) => {
    setReceivedState(db, row.id, STATE_OF[input.message], answer.id, claim, deps.clock.now());
    emitAnswered(emitterOf(deps), db, scope, { clave, message: input.message, state: STATE_OF[input.message], answerDocumentId: answer.id }, deps.clock.now());
  });
  return { row: findReceivedByClave(deps.store.db, scope, clave)!, answer };
}
