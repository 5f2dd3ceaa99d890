/**
 * What the monthly VAT worksheet is made of (docs/vat-worksheet.md). Figures are decimal text with two
 * places, colones and céntimos; line ids are stable (the API, the screens and the exports key on them) and
 * carry no words: their labels are vat-line-labels.ts's.
 */
import type { Decimal } from 'decimal.js';
import type { IssuedVatDocument, ReceivedVatDocument, VatSource } from '../store/vat-lines.ts';

export type SectionId = 'sales' | 'purchases' | 'credits' | 'determination';

export interface WorksheetInput {
  /** YYYY-MM, the transaction month. */
  month: string;
  issued: readonly IssuedVatDocument[];
  received: readonly ReceivedVatDocument[];
  /** The proportionality percentage (0–100) for purchases answered with CondicionImpuesto 05. */
  proportionality?: Decimal | undefined;
  /** Figures no e-invoice carries, typed by the user, in colones. */
  manual?: { importsTax?: Decimal | undefined; previousBalance?: Decimal | undefined; withholdings?: Decimal | undefined };
  /** Claves of documents whose VAT figures could not be read (vat-backfill.ts): not counted, and said so. */
  unreadable?: readonly string[];
}

/** A line: `base` and `tax` for sales and purchases, `amount` for credits and the determination. */
export interface WorksheetLine {
  id: string;
  base?: string;
  tax?: string;
  amount?: string;
  /** How many documents are behind it. */
  documents: number;
}

export interface WorksheetSection {
  id: SectionId;
  lines: WorksheetLine[];
}

export type WarningCode = 'awaiting_answer' | 'not_claimable' | 'unanswered' | 'proportionality_missing' | 'unreadable';

export interface WorksheetWarning {
  code: WarningCode;
  count: number;
  claves: string[];
}

/**
 * One document's share of a line, signed (a credit note's is negative), with the five places of the
 * stored figures. On an `amount` line `tax` is what the document adds to the amount (the credit it gives).
 */
export interface Contribution {
  source: VatSource;
  id: number;
  clave: string;
  consecutive: string;
  documentType: string;
  /** The customer (issued) or the supplier (received): name, else identification, else null (a ticket). */
  party: string | null;
  issuedAt: string;
  base: string;
  tax: string;
}

export interface WorksheetTotals {
  debit: string;
  credit: string;
  ivaReturned: string;
  /** Always zero or positive; `balanceKind` says which way it goes. */
  balance: string;
  balanceKind: 'payable' | 'in_favour';
}

export interface Worksheet {
  month: string;
  currency: 'CRC';
  notice: { es: string; en: string };
  sections: WorksheetSection[];
  totals: WorksheetTotals;
  warnings: WorksheetWarning[];
  contributions: Map<string, Contribution[]>;
}
