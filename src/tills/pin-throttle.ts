/**
 * Wrong PINs per browser session (docs/tills.md, "PINs"): at most 10 in any minute, then `429 pin_throttled`
 * until the oldest of them is a minute old. Each cashier's own lock (cashiers.ts pinLockMs) stops guessing one
 * PIN; this stops a screen going down the list trying five PINs on every cashier. In memory, like the
 * approvals: a restart forgives the current minute.
 */
import type { Clock } from '../domain/clock.ts';
import { AppError } from '../domain/errors.ts';

export const PIN_THROTTLE_TRIES = 10;
export const PIN_THROTTLE_WINDOW_MS = 60_000;

export class PinThrottle {
  /** The times of each session's wrong PINs within the last window, oldest first. */
  private readonly wrong = new Map<string, number[]>();

  constructor(private readonly clock: Clock) {}

  /** Refuses `session` another PIN try while it has had its fill of wrong ones this minute. */
  check(session: string): void {
    const now = this.clock.now().getTime();
    const times = this.recent(session, now);
    if (times.length < PIN_THROTTLE_TRIES) return;
    const seconds = Math.max(1, Math.ceil((times[0]! + PIN_THROTTLE_WINDOW_MS - now) / 1000));
    throw new AppError('pin_throttled', 429, `Too many wrong PINs on this screen: retry in ${seconds} s.`, {
      headers: { 'Retry-After': seconds },
      details: { retry_after: seconds },
    });
  }

  /** A wrong PIN of `session`, now. */
  failed(session: string): void {
    const now = this.clock.now().getTime();
    this.sweep(now);
    this.wrong.set(session, [...this.recent(session, now), now]);
  }

  private recent(session: string, now: number): number[] {
    return (this.wrong.get(session) ?? []).filter((at) => now - at < PIN_THROTTLE_WINDOW_MS);
  }

  /** Sessions whose wrong PINs are all older than the window go, so the map holds one minute's worth. */
  private sweep(now: number): void {
    for (const [session, times] of this.wrong) if (times.every((at) => now - at >= PIN_THROTTLE_WINDOW_MS)) this.wrong.delete(session);
  }
}
