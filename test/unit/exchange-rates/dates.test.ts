/**
 * Dates of the exchange-rate API: strict YYYY-MM-DD reading (no roll-over of impossible days), Costa Rica's
 * "today" (UTC-6 all year), the tax authority's date-time forms, day arithmetic, and the query rules
 * (missing_date, invalid_date, future_date, invalid_currency) of api/sections/exchange-rates/query.ts.
 */
import { describe, expect, it } from 'vitest';
import { addDays, costaRicaToday, datePartOf, datesBetween, daysBetween, readCalendarDate } from '../../../src/exchange-rates/dates.ts';
import { readCurrencyCode } from '../../../src/exchange-rates/currencies.ts';
import { currencyParam, dateParam, historicalDates } from '../../../src/api/sections/exchange-rates/query.ts';
import { ApiError } from '../../../src/api/errors.ts';

/** The code of the ApiError that `fn` throws. */
function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof ApiError ? `${error.status} ${error.code}` : String(error);
  }
  return undefined;
}

describe('readCalendarDate', () => {
  it('accepts real dates, leap days included', () => {
    expect(readCalendarDate('2026-11-25')).toBe('2026-11-25');
    expect(readCalendarDate('2024-02-29')).toBe('2024-02-29');
    expect(readCalendarDate('2000-02-29')).toBe('2000-02-29');
  });

  it.each(['2026-02-29', '1900-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-1-5', '26-01-05',
    '2026/01/05', '2026-01-05T00:00:00', ' 2026-01-05', '', 'today'])('refuses %j', (text) => {
    expect(readCalendarDate(text)).toBeUndefined();
  });
});

describe('costaRicaToday', () => {
  it('is the calendar day at UTC-6, whatever the UTC day', () => {
    expect(costaRicaToday(new Date('2026-11-26T05:59:59Z'))).toBe('2026-11-25');
    expect(costaRicaToday(new Date('2026-11-26T06:00:00Z'))).toBe('2026-11-26');
    expect(costaRicaToday(new Date('2027-01-01T03:00:00Z'))).toBe('2026-12-31');
  });
});

describe('datePartOf', () => {
  it("reads both of the tax authority's forms", () => {
    expect(datePartOf('2019-10-24T00:00:00-06:00')).toBe('2019-10-24');
    expect(datePartOf('2019-12-01 00:00:00')).toBe('2019-12-01');
    expect(datePartOf('2019-13-01 00:00:00')).toBeUndefined();
    expect(datePartOf(20191201)).toBeUndefined();
  });
});

describe('day arithmetic', () => {
  it('crosses months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2025-12-30', '2026-01-02')).toBe(3);
    expect(daysBetween('2026-01-02', '2025-12-30')).toBe(-3);
    expect(datesBetween('2025-12-30', '2026-01-02')).toEqual(['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02']);
    expect(datesBetween('2026-01-02', '2026-01-01')).toEqual([]);
  });
});

describe('query parameters', () => {
  const today = '2026-11-25';

  it('dates: invalid_date for malformed or impossible ones, future_date after today in Costa Rica', () => {
    expect(dateParam('2026-11-25', 'date', today)).toBe('2026-11-25');
    expect(codeOf(() => dateParam('2026-02-30', 'date', today))).toBe('400 invalid_date');
    expect(codeOf(() => dateParam('25/11/2026', 'date', today))).toBe('400 invalid_date');
    expect(codeOf(() => dateParam('2026-11-26', 'date', today))).toBe('400 future_date');
  });

  it('historical: date, or a range of both ends, at most 366 days, in order', () => {
    expect(historicalDates({ date: '2026-01-05' }, today)).toEqual({ date: '2026-01-05' });
    expect(historicalDates({ from: '2025-11-25', to: '2026-11-25' }, today)).toEqual({ from: '2025-11-25', to: '2026-11-25' });
    expect(codeOf(() => historicalDates({}, today))).toBe('400 missing_date');
    expect(codeOf(() => historicalDates({ date: '' }, today))).toBe('400 missing_date');
    expect(codeOf(() => historicalDates({ from: '2026-01-01' }, today))).toBe('400 missing_date');
    expect(codeOf(() => historicalDates({ to: '2026-01-01' }, today))).toBe('400 missing_date');
    expect(codeOf(() => historicalDates({ from: '2026-01-02', to: '2026-01-01' }, today))).toBe('400 invalid_date');
    expect(codeOf(() => historicalDates({ from: '2025-11-24', to: '2026-11-25' }, today))).toBe('400 invalid_date');
    expect(codeOf(() => historicalDates({ from: '2026-11-01', to: '2026-11-26' }, today))).toBe('400 future_date');
    expect(codeOf(() => historicalDates({ date: '2026-01-05', from: '2026-01-01', to: '2026-01-02' }, today))).toBe('400 invalid_request');
  });

  it('currencies: ISO 4217 in any case; invalid_currency otherwise; missing_params when required', () => {
    expect(readCurrencyCode(' usd ')).toBe('USD');
    expect(readCurrencyCode('GBP')).toBe('GBP');
    expect(readCurrencyCode('XYZ')).toBeUndefined();
    expect(readCurrencyCode('US')).toBeUndefined();
    expect(currencyParam(undefined, 'currency', 'USD')).toBe('USD');
    expect(currencyParam('eur', 'currency', 'USD')).toBe('EUR');
    expect(codeOf(() => currencyParam('DOLLAR', 'currency', 'USD'))).toBe('400 invalid_currency');
    expect(codeOf(() => currencyParam(undefined, 'from'))).toBe('400 missing_params');
  });
});
