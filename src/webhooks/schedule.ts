/**
 * Retry schedule of deliveries (spec "Delivery rules" 3): attempts are 1 + max_retries, never more than 7;
 * after failed attempt n the next one waits RETRY_DELAYS_SECONDS[n-1]. The spec lists waits of 5 s, 30 s,
 * 2 min, 10 min, 1 h, 6 h and says retries span roughly 24 hours; the listed waits add up to only 7 h 12 min,
 * so a receiver down for a working day would lose its events. We keep the first five waits and stretch the
 * last one (at least the 6 h listed) so that the seventh attempt comes 24 h after the first (docs/webhooks.md).
 */
const FIRST_WAITS = [5, 30, 120, 600, 3600] as const;
const SPAN_SECONDS = 24 * 3600;
export const RETRY_DELAYS_SECONDS = [...FIRST_WAITS, SPAN_SECONDS - FIRST_WAITS.reduce((a, b) => a + b, 0)] as const;
export const MAX_ATTEMPTS = 7;

export function totalAttempts(maxRetries: number): number {
  return Math.min(1 + Math.max(0, Math.trunc(maxRetries)), MAX_ATTEMPTS);
}

/** When attempt `failedAttempt + 1` is due, or undefined when `failedAttempt` was the last. */
export function nextAttemptAt(failedAttempt: number, maxRetries: number, now: Date): Date | undefined {
  if (failedAttempt >= totalAttempts(maxRetries)) return undefined;
  const delay = RETRY_DELAYS_SECONDS[failedAttempt - 1]!;
  return new Date(now.getTime() + delay * 1000);
}
