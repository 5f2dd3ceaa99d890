/**
 * The monthly VAT worksheet from a month's stored VAT figures (pure; docs/vat-worksheet.md). Every figure is
 * the exact sum of the documents' five-place figures, rounded once, half up, to céntimos; the totals are
 * rounded once from the exact sums too, so a total may differ by a céntimo from the sum of its rounded lines.
 */
import type { Decimal } from 'decimal.js';
import { NIL, cents, fromDecimal, text5, type Fixed5 } from './fixed5.ts';
import { Tally } from './line-tally.ts';
import { RATE_CODES, tallyPurchases } from './vat-purchases.ts';
import { TAXED_RATE_CODES, tallySales } from './vat-sales.ts';
import { VAT_NOTICE } from './vat-line-labels.ts';
import type { Contribution, SectionId, Worksheet, WorksheetInput, WorksheetLine, WorksheetWarning } from './vat-worksheet-model.ts';

const SALES_LINES = [
  ...TAXED_RATE_CODES.flatMap((rate) => [`sales_${rate}_goods`, `sales_${rate}_services`]),
  'sales_used_goods', 'sales_special_rate', 'self_assessed_fec',
  'sales_zero_rate', 'sales_exempt', 'sales_zero_no_credit', 'sales_exonerated', 'sales_non_subject', 'sales_exports',
];
const PURCHASE_LINES = [
  ...[...RATE_CODES].sort().map((rate) => `purchases_${rate}`),
  'purchases_special_rate', 'purchases_non_subject', 'purchases_exonerated', 'purchases_no_credit',
];
const CREDIT_LINES = ['credit_general', 'credit_partial', 'credit_capital_goods', 'credit_proportional', 'credit_fec', 'credit_imports'];

/** Shown even when nothing is on them: the lines most shops fill, so an empty month still reads as one. */
const ALWAYS_SHOWN: ReadonlySet<string> = new Set(['sales_08_goods', 'sales_08_services', 'credit_general']);
/** Lines that tell, and do not add to the debit. */
const INFORMATIVE: ReadonlySet<string> = new Set(['sales_exonerated']);

const typedIn = (value: Decimal | undefined): Fixed5 => (value === undefined ? NIL : fromDecimal(value));

/** Every line id the worksheet can have, for the drill-down's "no such line". */
export const KNOWN_LINE_IDS: ReadonlySet<string> = new Set([
  ...SALES_LINES, ...PURCHASE_LINES, ...CREDIT_LINES,
  'debit', 'credit', 'iva_returned', 'withholdings', 'previous_balance', 'balance_payable', 'balance_in_favour',
]);

export function vatWorksheet(input: WorksheetInput): Worksheet {
  const tally = new Tally();
  const sales = tallySales(tally, input.issued);
  const purchases = tallyPurchases(tally, input.received, input.proportionality);
  const manual = input.manual ?? {};

  const lineOf = (id: string, figures: 'base_tax' | 'amount'): WorksheetLine | undefined => {
    const found = tally.find(id);
    const shown = ALWAYS_SHOWN.has(id) || (found && (found.documents > 0 || found.base !== NIL || found.tax !== NIL));
    if (!shown) return undefined;
    const base = found?.base ?? NIL;
    const tax = found?.tax ?? NIL;
    const documents = found?.documents ?? 0;
    return figures === 'amount' ? { id, amount: cents(tax), documents } : { id, base: cents(base), tax: cents(tax), documents };
  };
  const linesOf = (ids: readonly string[], figures: 'base_tax' | 'amount') => ids.map((id) => lineOf(id, figures)).filter((l): l is WorksheetLine => l !== undefined);

  const importsTax = typedIn(manual.importsTax);
  const credits = linesOf(CREDIT_LINES.filter((id) => id !== 'credit_imports'), 'amount');
  if (importsTax !== NIL) credits.push({ id: 'credit_imports', amount: cents(importsTax), documents: 0 });

  // Exact sums: the totals are rounded once, from these.
  const exact = (ids: readonly string[]) => ids.reduce((total, id) => total + (tally.find(id)?.tax ?? NIL), NIL);
  const debit = exact(SALES_LINES.filter((id) => !INFORMATIVE.has(id)));
  const credit = exact(CREDIT_LINES) + importsTax;
  const ivaReturned = tally.find('iva_returned')?.tax ?? NIL;
  const withholdings = typedIn(manual.withholdings);
  const previousBalance = typedIn(manual.previousBalance);
  const balance = debit - credit - ivaReturned - withholdings - previousBalance;
  const balanceKind = balance < NIL ? 'in_favour' as const : 'payable' as const;
  const magnitude = balance < NIL ? -balance : balance;

  const determination: WorksheetLine[] = [
    { id: 'debit', amount: cents(debit), documents: 0 },
    { id: 'credit', amount: cents(credit), documents: 0 },
    { id: 'iva_returned', amount: cents(ivaReturned), documents: tally.find('iva_returned')?.documents ?? 0 },
    { id: 'withholdings', amount: cents(withholdings), documents: 0 },
    { id: 'previous_balance', amount: cents(previousBalance), documents: 0 },
    { id: balanceKind === 'payable' ? 'balance_payable' : 'balance_in_favour', amount: cents(magnitude), documents: 0 },
  ];

  const sections: { id: SectionId; lines: WorksheetLine[] }[] = [
    { id: 'sales', lines: linesOf(SALES_LINES, 'base_tax') },
    { id: 'purchases', lines: linesOf(PURCHASE_LINES, 'base_tax') },
    { id: 'credits', lines: credits },
    { id: 'determination', lines: determination },
  ];

  const warnings: WorksheetWarning[] = [];
  const warn = (code: WorksheetWarning['code'], claves: readonly string[]) => {
    if (claves.length > 0) warnings.push({ code, count: claves.length, claves: [...claves] });
  };
  warn('awaiting_answer', sales.awaiting);
  warn('unanswered', purchases.unanswered);
  warn('not_claimable', purchases.notClaimable);
  warn('proportionality_missing', purchases.proportionalityMissing);
  warn('unreadable', input.unreadable ?? []);

  const contributions = new Map<string, Contribution[]>();
  for (const id of tally.ids()) {
    contributions.set(id, [...tally.line(id).shares].map((s) => ({ ...s.doc, base: text5(s.base), tax: text5(s.tax) })));
  }

  return {
    month: input.month,
    currency: 'CRC',
    notice: { es: VAT_NOTICE[0], en: VAT_NOTICE[1] },
    sections,
    totals: { debit: cents(debit), credit: cents(credit), ivaReturned: cents(ivaReturned), balance: cents(magnitude), balanceKind },
    warnings,
    contributions,
  };
}
