/**
 * What the shopkeeper sets before computing the worksheet: the month (the previous one by default: the
 * return is filed in the first days of the next month), the proportionality percentage and the figures that
 * are not in any document (imports' VAT, withholdings, the previous balance in favour). Typed numbers are
 * read as the counter reads them (shared/decimal.ts: a comma or a point, never a guess).
 */
import { compare, readTyped } from '../shared/decimal.ts';
import type { VatParams } from './api.ts';

export interface VatForm {
  month: string;
  proportionality: string;
  importsTax: string;
  withholdings: string;
  previousBalance: string;
}

export type FormField = Exclude<keyof VatForm, 'month'>;
export const FIGURES: readonly FormField[] = ['importsTax', 'withholdings', 'previousBalance'];

/** YYYY-MM of the month before `today`'s. */
export function previousMonth(today: Date = new Date()): string {
  const d = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

export const emptyForm = (today?: Date): VatForm => ({ month: previousMonth(today), proportionality: '', importsTax: '', withholdings: '', previousBalance: '' });

/** The fields that cannot be sent as typed: a figure that is no amount, a percentage outside 0 to 100, no month. */
export function formProblems(form: VatForm): Partial<Record<keyof VatForm, true>> {
  const problems: Partial<Record<keyof VatForm, true>> = {};
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(form.month)) problems.month = true;
  const percent = form.proportionality.trim() === '' ? '0' : readTyped(form.proportionality).value;
  if (percent === undefined || compare(percent, '100') > 0) problems.proportionality = true;
  for (const field of FIGURES) if (form[field].trim() !== '' && readTyped(form[field]).value === undefined) problems[field] = true;
  return problems;
}

/** The query of a form without problems: only what was typed. */
export function paramsOf(form: VatForm): VatParams {
  const value = (typed: string) => (typed.trim() === '' ? undefined : readTyped(typed).value);
  const entries = {
    proportionality: value(form.proportionality), imports_tax: value(form.importsTax), withholdings: value(form.withholdings), previous_balance: value(form.previousBalance),
  };
  return { month: form.month, ...Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined)) };
}
