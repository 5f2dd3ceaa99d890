/**
 * PUT /settings/till (docs/tills.md): the counter's settings, each member sent replacing the stored one and
 * the others kept (the lock and discount fields and the scale formats are edited on different screens).
 * Every problem is answered at once, by field: a format the scale-label reader could not use
 * (scaleFormatProblem), a prefix given twice, a weight with more decimals than a quantity has (Cantidad: 3),
 * lock minutes outside 0–240, a discount limit outside 0–100 %.
 */
import type { Clock } from '../domain/clock.ts';
import { validationError } from '../domain/errors.ts';
import { Dec } from '../domain/money.ts';
import { scaleFormatProblem, type ScaleLabelFormat } from '../domain/scale-label.ts';
import type { Store } from '../store/database.ts';
import { readTillSettings, saveTillSettings, type TillSettings } from '../store/till-settings.ts';

export interface TillSettingsChange {
  lockAfterMinutes?: number;
  /** Decimal text, as sent. */
  discountLimitPercent?: string;
  scaleFormats?: ScaleLabelFormat[];
}

export const MAX_LOCK_MINUTES = 240;
/** A weight's decimals: Cantidad carries three (grams of a kilogram). */
const WEIGHT_DECIMALS = 3;
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/** Which member of a format scaleFormatProblem's text is about (its first word), as the API names it. */
const FORMAT_FIELDS: Record<string, string> = { prefix: 'prefix', itemDigits: 'item_digits', decimals: 'decimals' };

function formatProblems(formats: readonly ScaleLabelFormat[], errors: Record<string, string[]>): void {
  const seen = new Set<string>();
  formats.forEach((format, i) => {
    const at = `scale_formats.${i}`;
    const problem = scaleFormatProblem(format);
    if (problem) {
      const field = FORMAT_FIELDS[problem.split(' ')[0]!] ?? 'prefix';
      (errors[`${at}.${field}`] ??= []).push(problem);
    } else if (format.value === 'weight' && format.decimals > WEIGHT_DECIMALS) {
      (errors[`${at}.decimals`] ??= []).push('A weight has at most 3 decimals (grams).');
    }
    if (seen.has(format.prefix)) (errors[`${at}.prefix`] ??= []).push(`Prefix ${format.prefix} already has a format.`);
    seen.add(format.prefix);
  });
}

export function tillSettingsProblems(change: TillSettingsChange): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const minutes = change.lockAfterMinutes;
  if (minutes !== undefined && !(Number.isInteger(minutes) && minutes >= 0 && minutes <= MAX_LOCK_MINUTES)) {
    errors['lock_after_minutes'] = ['Must be 0 to 240 minutes (0: never).'];
  }
  const percent = change.discountLimitPercent;
  if (percent !== undefined && !(PERCENT.test(percent) && new Dec(percent).lessThanOrEqualTo(100))) {
    errors['discount_limit_percent'] = ['Must be a percentage from 0 to 100, with up to 2 decimals.'];
  }
  if (change.scaleFormats) formatProblems(change.scaleFormats, errors);
  return errors;
}

/** The stored settings with `change` applied, or 422 validation_error naming each problem. */
export function changeTillSettings(deps: { store: Pick<Store, 'transaction'>; clock: Clock }, organizationId: number, change: TillSettingsChange): TillSettings {
  const errors = tillSettingsProblems(change);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return deps.store.transaction((db) => {
    const current = readTillSettings(db, organizationId);
    const next: TillSettings = {
      lockAfterMinutes: change.lockAfterMinutes ?? current.lockAfterMinutes,
      // 10.50 and 10.5 are one limit: stored as the number's shortest text.
      discountLimitPercent: change.discountLimitPercent === undefined ? current.discountLimitPercent : new Dec(change.discountLimitPercent).toFixed(),
      scaleFormats: change.scaleFormats?.map(({ prefix, itemDigits, value, decimals }) => ({ prefix, itemDigits, value, decimals })) ?? current.scaleFormats,
    };
    saveTillSettings(db, organizationId, next, deps.clock.now());
    return next;
  });
}
