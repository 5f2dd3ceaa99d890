/**
 * The port between issuing (documents/) and the store (store/issuing.ts): what issuing needs from the
 * store. It lives in domain/ so that neither side imports the other.
 */
import type { DocumentModel, ReceiverMessageModel } from './document-model.ts';

export interface CounterRef {
  branch: string;
  terminal: string;
  documentType: string;
}

/** The organization and environment a document belongs to. */
export interface IssuingScope {
  organizationId: number;
  environment: string;
}

/** A signed document ready to be saved. */
export interface IssuedRecord {
  model: DocumentModel;
  situation: string;
  signedXml: Buffer; // the exact bytes that were signed
  transactionId: string;
  simulate?: 'accepted' | 'rejected';
  callbackUrl?: string;
  /** Request `delivery.email`: e-mail the document to these addresses once it is accepted. */
  emailRecipients?: string[];
  /** The request's X-Idempotency-Key claim, bound to the document in the transaction that saves it. */
  idempotency?: IdempotencyClaim;
  /** A note's move of a referenced document's balance, applied (and checked again) where it is saved. */
  balance?: BalanceMove;
  /** Who at the counter (docs/tills.md): the session's cashier, and the supervisor who approved what its role may not. */
  attribution?: Attribution;
}

/** The cashier who issued a document and the supervisor who approved it (ids of `cashiers`). */
export interface Attribution {
  cashierId: number;
  approvedBy?: number;
}

/** A note (02, 03) referencing one of the organization's documents (domain/note-balance.ts). */
export interface BalanceMove {
  /** The document the note references. */
  referencedId: number;
  /** The one whose balance it moves, and by how much (signed, in that document's currency: negative for a credit note); none when nothing carries a balance. */
  holderId?: number;
  effect?: string;
  /** The request field that names the referenced document (for the refusal). */
  path: string;
}

/** Saving a credit note would take its document's balance below zero (another note came first). */
export class BalanceExceededError extends Error {
  constructor(readonly path: string, readonly balance: string, readonly currency: string) {
    super(`The note exceeds the referenced document's remaining balance (${balance} ${currency}).`);
    this.name = 'BalanceExceededError';
  }
}

/** An X-Idempotency-Key claimed by a request (per API key). */
export interface IdempotencyClaim {
  apiKeyId: string;
  key: string;
}

/** A signed MensajeReceptor ready to be saved (it travels like a document: `RC` in listings). */
export interface ReceiverMessageRecord {
  model: ReceiverMessageModel;
  signedXml: Buffer;
  transactionId: string;
  callbackUrl?: string;
}

export interface SavedDocument {
  id: number;
  createdAt: string;
}

/** Where the numbers of each branch / terminal / document type come from. */
export interface NumberSource {
  nextConsecutive(counter: CounterRef): number;
  noteUsedConsecutive(counter: CounterRef, used: number): void;
}

/** What numbering a document needs: its counters and the numbers already taken, in one scope. */
export interface Numbering extends NumberSource {
  documentWithConsecutive(consecutive: string): { id: number; clave: string } | undefined;
  documentWithClave(clave: string): { id: number; consecutive: string } | undefined;
}

/** Numbering and saving inside one transaction of one scope. */
export interface IssuingTransaction extends Numbering {
  /** Saves the document, its submission job and its `document.signed` event. */
  saveIssued(record: IssuedRecord): SavedDocument;
  /** The same for a receiver message. */
  saveReceiverMessage(record: ReceiverMessageRecord): SavedDocument;
}

/** A counter as a batch found it and leaves it. */
export interface CounterWrite {
  scope: IssuingScope;
  counter: CounterRef;
  expected: number | undefined; // the stored next value when the batch read it (undefined: no row yet)
  next: number;
}

export interface IssuingBackend {
  /** The stored next value of a counter, without changing it. */
  readCounter(scope: IssuingScope, counter: CounterRef): number | undefined;
  documentWithConsecutive(scope: IssuingScope, consecutive: string): { id: number; clave: string } | undefined;
  documentWithClave(scope: IssuingScope, clave: string): { id: number; consecutive: string } | undefined;
  /**
   * One transaction: every counter must still hold `expected` (else nothing is saved and it throws), then
   * counters move to `next` and every record is saved, in order.
   */
  commitBatch(counters: CounterWrite[], records: { scope: IssuingScope; record: IssuedRecord }[]): SavedDocument[];
  /** One document in its own (group-committed) transaction: the always-correct slow path. */
  runOne<T>(scope: IssuingScope, fn: (tx: IssuingTransaction) => T): Promise<T>;
}
