/**
 * A shift's X/Z report, or the day's Z, on the till's thermal printer (80 mm: 48 columns, 58 mm: 32): the
 * same figures and words as its PDF (src/i18n/shift-report-words.ts), as rows of a label and an amount —
 * totals, payment methods, the cash reconciliation, the count with its differences, tax per rate, cashiers,
 * movements, voids and what was left out — then the cut. No drawer pulse: a report moves no money.
 */
import { displayAmount } from '../domain/amount-text.ts';
import { Dec } from '../domain/money.ts';
import type { ShiftReport } from '../domain/shift-report.ts';
import { rateLabel, reportMoney, reportTime, shiftReportWords, typeName, type ShiftReportWords } from '../i18n/shift-report-words.ts';
import type { Language } from '../i18n/validation-messages.ts';
import { EscposWriter, type CodePage } from './escpos-writer.ts';
import type { Paper } from './paper.ts';
import type { ColonSign } from './printable-text.ts';

export interface ShiftReportPrint {
  report: ShiftReport;
  /** The shop's name, at the head. */
  organization: string;
  paper: Paper;
  codepage: CodePage;
  colon: ColonSign;
  lang: Language;
}

const money = (value: string | null) => reportMoney(value, '-');
/** Type and number of a consecutive (its last 12 digits): enough to find it on 58 mm paper. */
const number = (consecutive: string) => consecutive.slice(-12);
/** A label cut to leave room for its value on the same line. */
const fit = (w: EscposWriter, label: string, value: string) => (label.length + value.length + 1 > w.columns ? label.slice(0, Math.max(8, w.columns - value.length - 1)).trimEnd() : label);
const minus = (value: string) => (new Dec(value).isZero() ? value : `-${value}`);

function head(w: EscposWriter, r: ShiftReport, words: ShiftReportWords, organization: string): void {
  w.heading(words[r.kind], false);
  w.line(organization, 'center');
  if (r.kind === 'day') {
    w.row(words.date, r.date ?? '');
    w.row(words.shifts, String(r.shifts.length));
  } else {
    const shift = r.shifts[0]!;
    w.row(`${words.shift} ${shift.id}`, `${words.till} ${shift.branch}-${shift.terminal}`);
    w.row(words.opened, reportTime(shift.opened_at));
    if (shift.opened_by) w.row(words.openedBy, shift.opened_by.name);
    if (shift.closed_at) w.row(words.closed, reportTime(shift.closed_at));
    if (shift.closed_by) w.row(words.closedBy, shift.closed_by.name);
  }
  w.row(words.generated, reportTime(r.generated_at));
}

function totals(w: EscposWriter, r: ShiftReport, words: ShiftReportWords): void {
  w.rule().bold(words.documents);
  for (const t of r.by_type) w.row(`${typeName(words, t.document_type)} (${t.count})`, money(t.total));
  w.row(words.sales, money(r.totals.sales));
  w.row(words.refunds, money(minus(r.totals.refunds)));
  w.row(`${words.net} (${r.totals.documents})`, money(r.totals.net), { bold: true });
  w.row(words.tax, money(r.totals.tax));
  w.rule().bold(words.byMethod);
  for (const m of r.by_method) {
    if (new Dec(m.sales).isZero() && new Dec(m.refunds).isZero()) continue;
    w.row(words.methods[m.method], money(m.net));
    if (!new Dec(m.refunds).isZero()) w.row(`  ${words.refunds}`, money(minus(m.refunds)));
  }
}

function cash(w: EscposWriter, r: ShiftReport, words: ShiftReportWords): void {
  w.rule().bold(words.cash);
  w.row(words.openingFloat, money(r.cash.opening_float));
  w.row(words.cashSales, money(r.cash.sales));
  w.row(words.cashRefunds, money(minus(r.cash.refunds)));
  w.row(words.movementsIn, money(r.cash.movements_in));
  w.row(words.movementsOut, money(minus(r.cash.movements_out)));
  w.row(words.expected, money(r.cash.expected), { bold: true });
  w.rule().bold(words.count);
  if (r.count.counted === null) {
    w.line(words.notCounted);
    return;
  }
  for (const m of r.count.methods) {
    if (m.counted === null || (new Dec(m.expected).isZero() && new Dec(m.counted).isZero())) continue;
    w.line(words.methods[m.method]);
    w.row(`  ${words.expected}`, money(m.expected));
    w.row(`  ${words.counted}`, money(m.counted));
    w.row(`  ${words.difference}`, money(m.difference), { bold: !new Dec(m.difference ?? 0).isZero() });
  }
  w.row(words.difference, money(r.count.difference), { bold: true, tall: true });
  if (r.count.denominations) {
    w.bold(words.denominations);
    for (const d of r.count.denominations) if (d.quantity > 0) w.row(`${money(d.value)} x ${d.quantity}`, money(d.amount));
  }
}

function details(w: EscposWriter, r: ShiftReport, words: ShiftReportWords): void {
  const name = (p: { name: string } | null) => p?.name ?? words.noCashier;
  if (r.tax.length > 0) {
    w.rule().bold(words.taxByRate);
    for (const t of r.tax) w.row(rateLabel(words, t.rate_code), money(t.tax));
  }
  if (r.currencies.some((c) => c.currency !== 'CRC')) {
    w.rule().bold(words.currencies);
    for (const c of r.currencies) w.row(`${c.currency} ${displayAmount(c.total)}`, money(c.total_crc));
  }
  w.rule().bold(words.cashiers);
  for (const c of r.cashiers) w.row(`${name(c.cashier)} (${c.documents})`, money(c.net));
  if (r.movements.length > 0) {
    w.rule().bold(words.movements);
    for (const m of r.movements) {
      const amount = money(m.kind === 'in' ? m.amount : minus(m.amount));
      w.row(fit(w, `${m.kind === 'in' ? words.in : words.out}: ${m.reason}`, amount), amount);
    }
  }
  if (r.voids.length > 0) {
    w.rule().bold(words.voids);
    for (const v of r.voids) {
      w.line(`${number(v.consecutive)} ${words.voided} ${number(v.voided_consecutive)}`);
      w.row(`  ${v.cashier?.name ?? words.noCashier}`, money(v.total_crc));
      if (v.approved_by) w.line(`  ${words.approvedBy}: ${v.approved_by.name}`);
    }
  }
  if (r.excluded.length > 0) {
    w.rule().bold(words.excluded);
    for (const d of r.excluded) {
      w.line(`${number(d.consecutive)} ${words.reasons[d.reason]}`);
      w.row('', `${d.currency} ${displayAmount(d.total)}`);
    }
  }
}

export function shiftReportEscpos(print: ShiftReportPrint): Uint8Array {
  const w = new EscposWriter(print);
  const words = shiftReportWords(print.lang);
  head(w, print.report, words, print.organization);
  totals(w, print.report, words);
  cash(w, print.report, words);
  details(w, print.report, words);
  w.rule();
  return w.cut().encode();
}
