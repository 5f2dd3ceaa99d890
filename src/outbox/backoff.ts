/**
 * Retry delays: capped exponential backoff with full jitter (a random delay between half and all of the
 * exponential step), so that jobs failing together do not retry together. Randomness is injected.
 */
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
  /** Attempts after which the job fails for good (undefined: retry forever, e.g. while Hacienda is down). */
  maxAttempts?: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 2_000, capMs: 5 * 60_000 };

/** Delay before the next attempt after `attempts` attempts, or null when the job should fail for good. */
export function retryDelay(policy: BackoffPolicy, attempts: number, random: () => number = Math.random): number | null {
  if (policy.maxAttempts !== undefined && attempts >= policy.maxAttempts) return null;
  const step = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(step / 2 + (random() * step) / 2);
}
