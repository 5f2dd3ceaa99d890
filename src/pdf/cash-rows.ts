/**
 * The cash the customer handed over and the change given back, printed on a receipt below the payment
 * methods. Not part of the signed document (the XML has no such field): the counter passes the amount it
 * typed with the print request (`cash_received`, docs/pdf.md), in the document's currency; the change is
 * that minus the document's total, exact (decimal.js), and only printed when the cash covers the total.
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
  if (cash.gte(total)) rows.push([words.change, money(cash.minus(total), currency)]);
  return rows;
}
