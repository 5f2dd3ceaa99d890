/**
 * The port between issuing (documents/issue.ts) and the store (store/issuing.ts): what issuing needs from
 * the store inside its one transaction. It lives in domain/ so that neither side imports the other.
 */
import type { DocumentModel } from './document-model.ts';

export interface CounterRef {
  branch: string;
  terminal: string;
  documentType: string;
}

/** A signed document ready to be saved. */
export interface IssuedRecord {
  model: DocumentModel;
  situation: string;
  signedXml: Buffer; // the exact bytes that were signed
  transactionId: string;
  simulate?: 'accepted' | 'rejected';
  callbackUrl?: string;
}

export interface IssuingTransaction {
  nextConsecutive(counter: CounterRef): number;
  noteUsedConsecutive(counter: CounterRef, used: number): void;
  documentWithConsecutive(consecutive: string): { id: number; clave: string } | undefined;
  documentWithClave(clave: string): { id: number; consecutive: string } | undefined;
  /** Saves the document, its submission job and its `document.signed` event; returns id and creation time. */
  saveIssued(record: IssuedRecord): { id: number; createdAt: string };
}

export interface IssuingStore {
  /** Runs `fn` in one transaction (possibly group-committed with others); resolves once it is durable. */
  run<T>(fn: (tx: IssuingTransaction) => T): Promise<T>;
}
