/**
 * A note's claim on the balance of the document it references (domain/note-balance.ts), worked out once
 * the note's total is known and before it takes a number: a credit note for more than is left is refused
 * here with a field error on the reference, in the request's language. The store applies the move again
 * inside the transaction that saves the note, which settles a race between two notes issued at once.
 */
import type { Decimal } from 'decimal.js';
import type { BalanceMove } from '../domain/issuing-port.ts';
import { Dec } from '../domain/money.ts';
import { NOTE_TYPES, applyEffect, balanceHolderId, money, noteEffect, type BalanceRow } from '../domain/note-balance.ts';
import { message } from '../i18n/validation-messages.ts';
import { RequestValidationError } from './request/problems.ts';
import type { PreparedIssue } from './issue.ts';

/** The organization's documents, as the store finds them in the scope of the request. */
export interface BalanceLookup {
  byClave(clave: string): BalanceRow | undefined;
  byId(id: number): BalanceRow | undefined;
}

const shown = (amount: Decimal, currency: string) => `${amount.toFixed(2)} ${currency}`;

/** The refusal of a note over the balance left (`balance`, in the referenced document's `currency`). */
export function balanceRefusal(prepared: PreparedIssue, path: string, balance: Decimal, currency: string): RequestValidationError {
  const s = prepared.unnumbered.summary;
  const text = message(prepared.request.apiConfig.language, 'note_exceeds_balance', { amount: shown(s.total, s.currency), balance: shown(balance, currency) });
  return new RequestValidationError({ [path]: [text] });
}

/**
 * The move of a note (02, 03) whose reference names one of the organization's documents: the first such
 * reference counts (a note referencing several of them moves the first one's balance only).
 */
export function balanceMove(prepared: PreparedIssue, lookup: BalanceLookup): BalanceMove | undefined {
  const { request, unnumbered } = prepared;
  if (!NOTE_TYPES.has(request.document.type)) return undefined;
  for (const reference of request.references) {
    const referenced = reference.number === undefined ? undefined : lookup.byClave(reference.number);
    if (!referenced) continue;
    const path = `${reference.path}.number`;
    const holderId = balanceHolderId(referenced);
    const holder = holderId === undefined ? undefined : lookup.byId(holderId);
    if (!holder || holder.balance === null) return { referencedId: referenced.id, path };
    const s = unnumbered.summary;
    const effect = noteEffect(request.document.type, s.total, { currency: s.currency, exchangeRate: s.exchangeRate }, money(holder));
    const balance = new Dec(holder.balance);
    if (!applyEffect(balance, effect)) throw balanceRefusal(prepared, path, balance, holder.currency);
    return { referencedId: referenced.id, holderId: holder.id, effect: effect.toFixed(5), path };
  }
  return undefined;
}
