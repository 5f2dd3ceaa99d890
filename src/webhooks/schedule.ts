/**
 * Retry schedule of deliveries (spec "Delivery rules" 3): attempts are 1 + max_retries, never more than 7;
 * after failed attempt n the next one waits RETRY_DELAYS_SECONDS[n-1]. Together they span about 7 h 12 min
 * of waiting; the spec's "roughly 24 hours" is the outer bound we stay within.
 */
export const RETRY_DELAYS_SECONDS = [5, 30, 120, 600, 3600, 21600] as const;
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
