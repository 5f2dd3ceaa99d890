/**
 * Documents' remaining balances and the notes that move them (domain/note-balance.ts), kept in the
 * documents table: `balance` on the documents that carry one, and on each note the document it references,
 * the one whose balance it moved and by how much. A note's move is written by the transaction that saves the
 * note, and given back by the one that records its rejection (or error).
 */
import type { Db } from './db.ts';
import type { BalanceMove } from '../domain/issuing-port.ts';
import { BalanceExceededError } from '../domain/issuing-port.ts';
import { Dec } from '../domain/money.ts';
import type { Decimal } from 'decimal.js';
import { applyEffect, available, type BalanceRow } from '../domain/note-balance.ts';
import { prepared } from './prepared.ts';

const BALANCE_COLUMNS = `id, clave, document_type AS documentType, status, currency, exchange_rate AS exchangeRate, total_amount AS totalAmount,
  balance, balance_document_id AS balanceDocumentId`;

export type BalanceDocument = BalanceRow & { clave: string; status: string };

/** A document of the organization and environment by its clave, as far as balances go. */
export function balanceDocumentByClave(db: Db, organizationId: number, environment: string, clave: string): BalanceDocument | undefined {
  return prepared(db, 'balanceByClave', () =>
    db.$client.prepare(`SELECT ${BALANCE_COLUMNS} FROM documents WHERE organization_id = ? AND environment = ? AND clave = ?`),
  ).get(organizationId, environment, clave) as BalanceDocument | undefined;
}

export function balanceDocumentById(db: Db, id: number): BalanceDocument | undefined {
  return prepared(db, 'balanceById', () => db.$client.prepare(`SELECT ${BALANCE_COLUMNS} FROM documents WHERE id = ?`)).get(id) as BalanceDocument | undefined;
}

/** What can still be credited on a stored document (domain/note-balance.ts `available`), if it keeps a balance. */
export function creditableBalance(db: Db, row: BalanceRow): Decimal | undefined {
  const holder = row.balanceDocumentId === null ? undefined : balanceDocumentById(db, row.balanceDocumentId);
  return available(row, holder);
}

export function setBalance(db: Db, id: number, balance: string): void {
  prepared(db, 'setBalance', () => db.$client.prepare('UPDATE documents SET balance = ? WHERE id = ?')).run(balance, id);
}

export function linkNote(db: Db, noteId: number, referencedId: number, holderId: number | null, effect: string | null): void {
  prepared(db, 'linkNote', () =>
    db.$client.prepare('UPDATE documents SET referenced_document_id = ?, balance_document_id = ?, balance_effect = ? WHERE id = ?'),
  ).run(referencedId, holderId, effect, noteId);
}

/**
 * Applies a new note's move inside the transaction that saves it: the holder's balance is read again here,
 * so that two notes issued at once can never credit more than there is (the second is refused).
 */
export function applyBalanceMove(db: Db, noteId: number, move: BalanceMove): void {
  const holder = move.holderId === undefined ? undefined : balanceDocumentById(db, move.holderId);
  if (!holder || holder.balance === null || move.effect === undefined) return linkNote(db, noteId, move.referencedId, null, null);
  const applied = applyEffect(new Dec(holder.balance), new Dec(move.effect));
  if (!applied) throw new BalanceExceededError(move.path, holder.balance, holder.currency);
  setBalance(db, holder.id, applied.balance.toFixed(5));
  linkNote(db, noteId, move.referencedId, holder.id, applied.effect.toFixed(5));
}

/**
 * A note rejected (or in error) gives back what it moved; once only: its effect is read again inside the
 * caller's transaction (the row a delivery job holds may be older than another verdict) and cleared.
 */
export function releaseBalanceMove(db: Db, noteId: number): void {
  const move = prepared(db, 'noteMove', () =>
    db.$client.prepare('SELECT balance_document_id AS holderId, balance_effect AS effect FROM documents WHERE id = ?'),
  ).get(noteId) as { holderId: number | null; effect: string | null } | undefined;
  if (!move || move.holderId === null || move.effect === null) return;
  const holder = balanceDocumentById(db, move.holderId);
  if (holder?.balance != null) setBalance(db, holder.id, new Dec(holder.balance).minus(move.effect).toFixed(5));
  prepared(db, 'releaseNote', () => db.$client.prepare('UPDATE documents SET balance_effect = NULL WHERE id = ?')).run(noteId);
}

export interface RelatedNote {
  id: number;
  clave: string;
  consecutive: string;
  documentType: string;
  status: string;
  currency: string;
  totalAmount: string;
  balanceEffect: string | null;
  createdAt: string;
}

/** The notes that reference a document, oldest first. */
export function relatedNotes(db: Db, documentId: number): RelatedNote[] {
  return prepared(db, 'relatedNotes', () =>
    db.$client.prepare(`SELECT id, clave, consecutive, document_type AS documentType, status, currency, total_amount AS totalAmount,
      balance_effect AS balanceEffect, created_at AS createdAt FROM documents WHERE referenced_document_id = ? ORDER BY id`),
  ).all(documentId) as RelatedNote[];
}
