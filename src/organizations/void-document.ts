/**
 * An organization voids one of its accepted documents with a credit note (POST /documents/{key}/void;
 * docs/documents-api.md, "Voids"). The rules: only the types documents/void-request.ts calls voidable, only
 * an accepted document, and once — the note credits what remains of the balance (never more than the
 * document's own total), which takes it to zero, so a repeat is 409 `already_voided`; a document given away
 * (total 0) is voided once all the same. Production counts against the quota. The note is issued by the
 * caller's issue path (numbering, signing, outbox); then the original is marked as being voided by it.
 * `document.voided` follows when the tax authority accepts the note (store/document-status.ts).
 * Here rather than in documents/ because it reads and writes the store and checks billing's quota.
 */
import type { Decimal } from 'decimal.js';
import type { StoreDeps } from './dependencies.ts';
import { AppError } from '../domain/errors.ts';
import { Dec } from '../domain/money.ts';
import type { IssueResult } from '../documents/issue-pipeline.ts';
import { VOIDABLE, voidRequest } from '../documents/void-request.ts';
import { readDocument } from '../xml/read-document.ts';
import { checkQuota } from '../billing/quota.ts';
import { findDocument, type DocumentRow } from '../store/documents.ts';
import { creditableBalance } from '../store/note-balances.ts';
import { markVoidRequested } from '../store/document-status.ts';

/** What the caller asks: which document of which organization and environment, and how to word the note. */
export interface VoidCommand {
  organizationId: number;
  environment: string;
  /** The account the quota is counted on (production only). */
  accountId: string;
  /** clave (50), consecutive number (20) or id of the original. */
  key: string;
  reason?: string;
  branch?: string;
  terminal?: string;
  /** The note's `api_config.language`: the language of its messages. */
  language: string;
}

/** Issues the credit note's request as the caller's key would (its organization, environment, idempotency). */
export type IssueNote = (note: Record<string, unknown>) => Promise<IssueResult>;

export interface Voided {
  original: DocumentRow;
  issued: IssueResult;
}

/** What a void credits, in the document's currency: what is left of its balance, but never more than its own total. */
function remainingBalance(deps: StoreDeps, row: DocumentRow): Decimal {
  const total = new Dec(row.totalAmount);
  return Dec.min(creditableBalance(deps.store.db, row) ?? total, total);
}

/** The original, refused unless it may be voided now; returns what the note credits. */
function voidable(deps: StoreDeps, command: VoidCommand, original: DocumentRow | undefined, busy: boolean): { original: DocumentRow; left: Decimal } {
  if (!original) throw new AppError('document_not_found', 404, `No document ${command.key} in ${command.environment}.`);
  if (!(original.documentType in VOIDABLE)) throw new AppError('not_voidable', 422, `A document of type ${original.documentType} cannot be voided with a credit note.`);
  // A till's document replicated to its head office is voided at the till, which numbers its notes (docs/replication.md).
  if (original.tillId !== null) throw new AppError('issued_at_till', 409, `${original.clave} was issued at a till: void it there.`);
  if (busy) throw new AppError('already_voided', 409, `${original.clave} is being voided by a credit note being issued.`);
  const left = remainingBalance(deps, original);
  // A document given away (total 0) has nothing to credit, yet is voided (once) all the same.
  const givenAway = new Dec(original.totalAmount).isZero() && !original.voidedBy;
  if (left.lessThanOrEqualTo(0) && !givenAway) throw new AppError('already_voided', 409, `${original.clave} has nothing left to credit: ${original.voidedBy ? `voided by ${original.voidedBy}` : 'its credit notes cover its whole total'}.`);
  if (original.status !== 'accepted') throw new AppError('document_not_accepted', 422, `Only an accepted document can be voided; ${original.clave} is ${original.status}.`);
  return { original, left };
}

/**
 * The void use case. One per server (the API's plugin): it remembers the originals being voided right now,
 * so that two requests at once cannot both issue a credit note for the same document.
 */
export function documentVoider(deps: StoreDeps): (command: VoidCommand, issue: IssueNote) => Promise<Voided> {
  const inProgress = new Set<number>();
  return async (command, issue) => {
    const found = findDocument(deps.store.db, command.organizationId, command.environment, command.key);
    const { original, left } = voidable(deps, command, found, found !== undefined && inProgress.has(found.id));
    if (command.environment === 'production') checkQuota(deps, command.accountId);
    inProgress.add(original.id);
    try {
      const read = readDocument(original.signedXml);
      if (read.kind !== 'document') throw new AppError('not_voidable', 422, 'A receiver message cannot be voided.');
      const { reason, branch, terminal, language } = command;
      const note = { ...voidRequest(read.model, { reason, branch, terminal, now: deps.clock.now(), remainder: left }), api_config: { language } };
      const issued = await issue(note);
      deps.store.transaction((db) => markVoidRequested(db, original.id, issued.model.clave, deps.clock.now()));
      return { original, issued };
    } finally {
      inProgress.delete(original.id);
    }
  };
}

