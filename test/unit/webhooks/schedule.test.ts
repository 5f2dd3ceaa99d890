/** Retry schedule (spec "Delivery rules" 3). */
import { describe, expect, it } from 'vitest';
import { nextAttemptAt, RETRY_DELAYS_SECONDS, totalAttempts } from '../../../src/webhooks/schedule.ts';

describe('schedule', () => {
  it('makes 1 + max_retries attempts, at most 7', () => {
    expect([0, 1, 3, 6, 7, 10].map(totalAttempts)).toEqual([1, 2, 4, 7, 7, 7]);
  });

  it('waits 5 s, 30 s, 2 min, 10 min, 1 h, then the rest of 24 h after failed attempts 1..6', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const delays = [1, 2, 3, 4, 5, 6].map((n) => (nextAttemptAt(n, 10, now)!.getTime() - now.getTime()) / 1000);
    expect(delays.slice(0, 5)).toEqual([5, 30, 120, 600, 3600]);
    expect(delays[5]).toBeGreaterThanOrEqual(6 * 3600);
    expect(RETRY_DELAYS_SECONDS).toEqual(delays);
  });

  it('spans about 24 hours from the first attempt to the seventh (spec: "roughly 24 hours")', () => {
    const span = RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0);
    expect(span).toBe(24 * 3600);
  });

  it('has no next attempt after the last one', () => {
    const now = new Date();
    expect(nextAttemptAt(7, 10, now)).toBeUndefined();
    expect(nextAttemptAt(4, 3, now)).toBeUndefined();
    expect(nextAttemptAt(1, 0, now)).toBeUndefined();
    expect(nextAttemptAt(3, 3, now)).toBeDefined();
  });
});
