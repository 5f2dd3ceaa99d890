import { describe, expect, it } from 'vitest';
import { CalendarGapError } from '../../../src/domain/business-days.ts';
import { businessCalendar, parseHolidays, shippedHolidays } from '../../../src/catalogs/holidays.ts';
import { answerDeadline, deadlineState, isAnswerable } from '../../../src/received/answer-deadline.ts';

const calendar = businessCalendar(shippedHolidays());
const lastDay = (issuedAt: string, cal = calendar) => answerDeadline(new Date(issuedAt), cal).lastDay;

// Each case counted by hand on a printed calendar: the 8th business day of the month after the transaction.
describe('the answer deadline', () => {
  it('skips 1 December, the abolition of the army (unpaid, still a holiday)', () => {
    // December 2026: Tue 1 holiday; Wed 2 … Fri 4 (3), Mon 7 … Fri 11 (8).
    expect(lastDay('2026-11-26T10:00:00-06:00')).toBe('2026-12-11');
  });

  it('takes the transaction month in Costa Rica time, not UTC', () => {
    // 23:00 on 28 Feb in Costa Rica is already 1 March in UTC; March 2026: Mon 2 … Wed 11 is the 8th.
    const deadline = answerDeadline(new Date('2026-02-28T23:00:00-06:00'), calendar);
    expect(deadline.transactionMonth).toBe('2026-02');
    expect(deadline.lastDay).toBe('2026-03-11');
  });

  it('skips Holy Thursday and Good Friday; Holy Week days off count only when the organization says so', () => {
    // April 2026: Wed 1 (public-sector day off), Thu 2 and Fri 3 holidays, Mon 6 … Tue 14.
    expect(lastDay('2026-03-31T23:30:00-06:00')).toBe('2026-04-14');
    expect(lastDay('2026-03-31T23:30:00-06:00', businessCalendar(shippedHolidays(), { publicSectorDaysOff: true }))).toBe('2026-04-15');
  });

  it('rolls over the year, and New Year is no business day', () => {
    expect(lastDay('2025-12-31T12:00:00-06:00')).toBe('2026-01-13');
  });

  it('follows a holiday that Ley 9875 moved (1 May 2021 to Monday 3 May)', () => {
    expect(lastDay('2021-04-15T09:00:00-06:00')).toBe('2021-05-13');
  });

  it('refuses to guess in a year the calendar does not cover', () => {
    expect(() => lastDay('2040-05-10T09:00:00-06:00')).toThrow(CalendarGapError);
  });

  it('closes at midnight after the last day, Costa Rica time', () => {
    const deadline = answerDeadline(new Date('2026-11-26T10:00:00-06:00'), calendar);
    expect(deadline.closesAt.toISOString()).toBe('2026-12-12T06:00:00.000Z');
  });
});

describe('the deadline state', () => {
  const deadline = answerDeadline(new Date('2026-11-26T10:00:00-06:00'), calendar); // last day Fri 11 Dec
  const state = (now: string) => deadlineState(deadline, new Date(now), calendar);

  it('is open with four business days left, closing with three, passed at midnight after the last day', () => {
    expect(state('2026-12-08T12:00:00-06:00')).toBe('open'); // 8, 9, 10, 11
    expect(state('2026-12-09T08:00:00-06:00')).toBe('closing'); // 9, 10, 11
    expect(state('2026-12-11T23:59:00-06:00')).toBe('closing');
    expect(state('2026-12-12T00:00:00-06:00')).toBe('passed');
  });
});

describe('what is answered', () => {
  it('invoices and debit notes are; credit notes and tickets are not', () => {
    expect(['01', '02', '03', '04'].map(isAnswerable)).toEqual([true, true, false, false]);
  });
});

describe('the holiday data', () => {
  it('lists the nine paid and three unpaid holidays of 2026, and the three Holy Week days off apart', () => {
    const of2026 = shippedHolidays().filter((h) => h.date.startsWith('2026-'));
    expect(of2026.filter((h) => h.kind === 'paid')).toHaveLength(9);
    expect(of2026.filter((h) => h.kind === 'unpaid').map((h) => h.date)).toEqual(['2026-08-02', '2026-08-31', '2026-12-01']);
    expect(of2026.filter((h) => h.kind === 'public-sector').map((h) => h.date)).toEqual(['2026-03-30', '2026-03-31', '2026-04-01']);
  });

  it('refuses a malformed row instead of shortening a deadline', () => {
    expect(() => parseHolidays('2026-01-01\tpaid\tAño Nuevo\n2026-13\tpaid\tX\n')).toThrow(/line 2/);
    expect(() => parseHolidays('2026-01-01\tfiesta\tAño Nuevo\n')).toThrow(/line 1/);
  });
});
