/**
 * Request rate per API key, in fixed one-minute and one-day windows with the organization's
 * `rate_limits.per_minute` / `per_day` (account keys: the defaults). Counters live in memory: a restart
 * forgives the current windows, which is acceptable for a local service (docs/rate-limits.md). They are the
 * plugin's own state, one limiter per app; the core knows nothing of them. Every authenticated response
 * carries X-RateLimit-Limit / -Remaining / -Reset. Only routes that take a key are counted (read in
 * `onRoute`, after auth.ts's hook so that the key is known).
 */
import fp from 'fastify-plugin';
import type { Clock } from '../../domain/clock.ts';
import { ApiError } from '../errors.ts';
import { routeKeyKind } from './auth.ts';
import { appendHook } from './route-hooks.ts';

export const DEFAULT_LIMITS = { perMinute: 600, perDay: 100_000 };
const MINUTE = 60_000;
const DAY = 86_400_000;

interface Windows {
  minuteStart: number;
  minuteCount: number;
  dayStart: number;
  dayCount: number;
}

export interface RateState {
  limit: number;
  remaining: number;
  reset: number; // Unix seconds, end of the current minute window
}

export class RateLimiter {
  private readonly windows = new Map<string, Windows>();

  /** Counts one request; throws 429 `rate_limited` when a window is full. */
  hit(keyId: string, limits: { perMinute: number; perDay: number }, now: number): RateState {
    const w = this.windows.get(keyId) ?? { minuteStart: now, minuteCount: 0, dayStart: now, dayCount: 0 };
    if (now - w.minuteStart >= MINUTE) Object.assign(w, { minuteStart: now - ((now - w.minuteStart) % MINUTE), minuteCount: 0 });
    if (now - w.dayStart >= DAY) Object.assign(w, { dayStart: now - ((now - w.dayStart) % DAY), dayCount: 0 });
    this.windows.set(keyId, w);
    const minuteReset = Math.ceil((w.minuteStart + MINUTE) / 1000);
    const dayFull = w.dayCount >= limits.perDay;
    if (w.minuteCount >= limits.perMinute || dayFull) {
      const reset = dayFull ? Math.ceil((w.dayStart + DAY) / 1000) : minuteReset;
      const retryAfter = Math.max(1, reset - Math.floor(now / 1000));
      throw new ApiError('rate_limited', 429, `Too many requests: retry in ${retryAfter} s.`, {
        headers: { 'Retry-After': retryAfter, 'X-RateLimit-Limit': limits.perMinute, 'X-RateLimit-Remaining': 0, 'X-RateLimit-Reset': reset },
      });
    }
    w.minuteCount++;
    w.dayCount++;
    return { limit: limits.perMinute, remaining: Math.min(limits.perMinute - w.minuteCount, limits.perDay - w.dayCount), reset: minuteReset };
  }
}

export interface RateLimitOptions {
  clock: Clock;
}

export const rateLimitPlugin = fp<RateLimitOptions>(async (app, { clock }) => {
  const limiter = new RateLimiter();
  app.addHook('onRoute', (route) => {
    if (routeKeyKind(route) === 'none') return;
    appendHook(route, 'onRequest', async (request, reply) => {
      const auth = request.auth;
      if (!auth) return;
      const org = auth.organization;
      const limits = org ? { perMinute: org.ratePerMinute, perDay: org.ratePerDay } : DEFAULT_LIMITS;
      const state = limiter.hit(auth.key.id, limits, clock.now().getTime());
      reply.header('X-RateLimit-Limit', state.limit).header('X-RateLimit-Remaining', state.remaining).header('X-RateLimit-Reset', state.reset);
    });
  });
}, { name: 'facturador-rate-limit', dependencies: ['facturador-auth'] });
