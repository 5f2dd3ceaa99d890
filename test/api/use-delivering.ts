/**
 * startDelivering (harness.ts) opened in a beforeAll and closed in an afterAll of the calling test file: the
 * local tax-authority simulator, a server delivering to it and an organization ready to issue. What it
 * returns is filled in by that beforeAll: read its fields inside the tests.
 */
import { afterAll, beforeAll } from 'vitest';
import { startDelivering } from './harness.ts';

export type Delivering = Awaited<ReturnType<typeof startDelivering>>;

export function useDelivering(): Delivering {
  const session = {} as Delivering;
  beforeAll(async () => {
    Object.assign(session, await startDelivering());
  });
  afterAll(async () => {
    await session.t?.close();
    await session.simulator?.close();
  });
  return session;
}
