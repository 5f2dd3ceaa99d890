/**
 * The answer to a supplier's document as the shopkeeper fills it in: accept (1), accept partially (2) or
 * reject (3), prefilled as the server would default it — CondicionImpuesto 01, the whole tax as credit, the
 * rest of the total as expense (docs/received.md "Answering") — so accepting is one key. Amounts are decimal
 * text (shared/decimal.ts), never floats. No DOM: the store and the form use it.
 */
import { add, compare, readTyped, subtract } from '../shared/decimal.ts';
import type { AnswerInput, ReceivedDocument, TaxCondition } from './types.ts';

export type AnswerMessage = 1 | 2 | 3;

export interface AnswerDraft {
  message: AnswerMessage;
  /** The reason: required for a partial acceptance and a rejection (5 to 160 characters). */
  detail: string;
  taxCondition: TaxCondition;
  /** As typed (a comma or a point as the decimal mark). */
  creditableTax: string;
  applicableExpense: string;
  /** Once the shopkeeper typed the expense it is no longer recomputed from the credit. */
  expenseTyped: boolean;
}

export type AnswerProblem = 'detail' | 'amount' | 'overTax' | 'overTotal';

/** Decimal text without trailing zeros ("13000.00000" → "13000"). */
const plain = (amount: string) => add(amount, '0');

/** What the document's total leaves as expense once `credit` is claimed; '' when the credit is unreadable. */
function expenseFor(doc: Pick<ReceivedDocument, 'total'>, credit: string): string {
  const value = readTyped(credit).value;
  return value === undefined ? '' : plain(subtract(doc.total, value));
}

export function draftFor(doc: Pick<ReceivedDocument, 'total' | 'total_tax'>): AnswerDraft {
  const credit = plain(doc.total_tax);
  return { message: 1, detail: '', taxCondition: '01', creditableTax: credit, applicableExpense: expenseFor(doc, credit), expenseTyped: false };
}

/**
 * The draft after the shopkeeper changed `changes`: a current expense that gives no credit (04) claims
 * nothing, going back from it claims the whole tax again; the expense follows the credit until typed.
 */
export function changeDraft(doc: Pick<ReceivedDocument, 'total' | 'total_tax'>, draft: AnswerDraft, changes: Partial<AnswerDraft>): AnswerDraft {
  const next = { ...draft, ...changes };
  if (changes.taxCondition && changes.taxCondition !== draft.taxCondition) {
    if (changes.taxCondition === '04') next.creditableTax = '0';
    else if (draft.taxCondition === '04') next.creditableTax = plain(doc.total_tax);
  }
  if (changes.applicableExpense !== undefined) next.expenseTyped = true;
  if (!next.expenseTyped) next.applicableExpense = expenseFor(doc, next.creditableTax);
  return next;
}

/** What stops the draft from being sent, by field. */
export function answerProblems(doc: Pick<ReceivedDocument, 'total' | 'total_tax'>, draft: AnswerDraft): Partial<Record<'detail' | 'creditableTax' | 'applicableExpense', AnswerProblem>> {
  const problems: Partial<Record<'detail' | 'creditableTax' | 'applicableExpense', AnswerProblem>> = {};
  const detail = draft.detail.trim();
  if ((draft.message !== 1 || detail !== '') && (detail.length < 5 || detail.length > 160)) problems.detail = 'detail';
  if (draft.message === 3) return problems;
  const credit = readTyped(draft.creditableTax).value;
  if (credit === undefined) problems.creditableTax = 'amount';
  else if (compare(credit, doc.total_tax) > 0) problems.creditableTax = 'overTax';
  const expense = readTyped(draft.applicableExpense).value;
  if (expense === undefined) problems.applicableExpense = 'amount';
  else if (compare(expense, doc.total) > 0) problems.applicableExpense = 'overTotal';
  return problems;
}

/** The POST …/answer body: a rejection sends only its reason; an acceptance its condition and amounts. */
export function answerInput(draft: AnswerDraft): AnswerInput {
  const detail = draft.detail.trim();
  const base = { message: draft.message, ...(detail && { detail }) };
  if (draft.message === 3) return base;
  const credit = readTyped(draft.creditableTax).value;
  const expense = readTyped(draft.applicableExpense).value;
  return { ...base, tax_condition: draft.taxCondition, ...(credit !== undefined && { creditable_tax: credit }), ...(expense !== undefined && { applicable_expense: expense }) };
}
