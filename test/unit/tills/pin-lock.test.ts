/** The PIN lock's escalation (docs/tills.md, "PINs"): every fifth wrong PIN locks, twice as long each time, a day at most. */
import { describe, expect, it } from 'vitest';
import { PIN_LOCK_MAX_MS, PIN_LOCK_MS, pinLockMs } from '../../../src/tills/cashiers.ts';

const MINUTE = 60_000;

describe('pinLockMs', () => {
  it('locks on every fifth wrong PIN only', () => {
    for (const n of [0, 1, 4, 6, 9, 11, 14, 99, 101]) expect(pinLockMs(n), String(n)).toBeUndefined();
  });

  it('doubles the lock each time, from five minutes to a day', () => {
    expect([5, 10, 15, 20, 25, 30, 35, 40, 45].map((n) => pinLockMs(n)! / MINUTE)).toEqual([5, 10, 20, 40, 80, 160, 320, 640, 1280]);
    expect(pinLockMs(50)).toBe(PIN_LOCK_MAX_MS);
    expect(pinLockMs(5)).toBe(PIN_LOCK_MS);
    // A count that has run for years (or a row written by hand) never overflows past the day.
    expect(pinLockMs(5 * 10_000)).toBe(PIN_LOCK_MAX_MS);
    expect(pinLockMs(Number.MAX_SAFE_INTEGER - (Number.MAX_SAFE_INTEGER % 5))).toBe(PIN_LOCK_MAX_MS);
  });
});
