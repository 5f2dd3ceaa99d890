/**
 * What a request costs the server's event loop (issue 12: hostile uploads must cost under a second of it):
 * runs `action` while GET /status is asked every 50 ms, and gives the longest event-loop stall
 * (perf_hooks' monitorEventLoopDelay, in this process, where the test server runs) and the slowest /status.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export async function measuredStall<T>(baseUrl: string, action: () => Promise<T>) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const statusTimes: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${baseUrl}/api/v1/status`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.arrayBuffer());
      statusTimes.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  delay.enable();
  const started = performance.now();
  const result = await action().finally(() => (running = false));
  const elapsed = performance.now() - started;
  delay.disable();
  await probe;
  return { result, elapsed, maxStall: delay.max / 1e6, slowestStatus: Math.max(...statusTimes) };
}
