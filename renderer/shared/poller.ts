/**
 * A status poll that stops by itself: `tick` answers whether anything is still waiting for the tax
 * authority (processing, sent, queued); once nothing is, no more requests go out until `start` again.
 */

const FINAL_STATUSES: ReadonlySet<string> = new Set(['accepted', 'rejected', 'error']);

export const isFinal = (status: string) => FINAL_STATUSES.has(status);

export interface Poller {
  /** Schedules the next tick unless one is scheduled already. */
  start(): void;
  stop(): void;
  readonly running: boolean;
}

export function createPoller(tick: () => Promise<boolean>, intervalMs: number): Poller {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let generation = 0;

  const schedule = (gen: number) => {
    timer = setTimeout(() => {
      timer = null;
      // A failed tick (the server is away for a moment) keeps polling: the answer is still owed.
      void tick().catch(() => true).then((again) => {
        if (again && gen === generation && timer === null) schedule(gen);
      });
    }, intervalMs);
  };

  return {
    start() {
      if (timer === null) schedule(generation);
    },
    stop() {
      generation++;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
    get running() {
      return timer !== null;
    },
  };
}
