/** Time comes from an injected clock so that expiry, windows and retry schedules are testable. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
