/**
 * The cash the customer handed over and the change given back, printed on a receipt below the payment
 * methods. Not part of the signed document (the XML has no such field): the counter passes the amount it
 * typed with the print request (`cash_received`, docs/pdf.md), in the document's currency; the change is
 * that minus the total the customer was shown — the document's total to the cent, not its five decimals, so
 * that the printed total and change always add up to the cash — and only printed when the cash covers it.
 */
import type { Decimal } from 'decimal.js';
import { Dec } from '../domain/money.ts';
import type { Language } from '../i18n/validation-messages.ts';
import type { Row } from './summary-view.ts';
import { money } from './text.ts';

const WORDS: Readonly<Record<Language, { received: string; change: string }>> = {
  es: { received: 'Efectivo recibido', change: 'Vuelto' },
  en: { received: 'Cash received', change: 'Change' },
};

/** `received`: decimal text (the route's pattern checked it); none gives no rows. */
export function cashRows(received: string | undefined, total: Decimal, currency: string, lang: Language): Row[] {
  if (received === undefined) return [];
  const cash = new Dec(received);
  const words = WORDS[lang];
  const rows: Row[] = [[words.received, money(cash, currency)]];
  const due = new Dec(total.toFixed(2));
  if (cash.gte(due)) rows.push([words.change, money(cash.minus(due), currency)]);
  return rows;
}
