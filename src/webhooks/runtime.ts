/**
 * What delivering needs from the composition root, as one small object so tests can build it with a fake
 * clock, a fake resolver or a stub transport. `webhookRuntime(core)` builds it from the Core's parts.
 */
import type { Clock } from '../domain/clock.ts';
import type { Vault } from '../secrets/vault.ts';
import type { Store } from '../store/database.ts';
import { deliverOnce, type AttemptRequest, type AttemptResult } from './deliver.ts';
import { policyFromEnv, type Resolver, type UrlPolicy } from './url-policy.ts';

export interface WebhookRuntime {
  store: Store;
  vault: Vault;
  clock: Clock;
  policy: UrlPolicy;
  resolver?: Resolver;
  /** Extra CA to trust for https receivers (tests, a LAN POS with its own CA). */
  ca?: string | Buffer;
  /** The transport; deliverOnce unless a test replaces it. */
  send?: (request: AttemptRequest) => Promise<AttemptResult>;
}

/** From the Core (structurally, so webhooks/ does not import the composition root). */
export function webhookRuntime(core: { store: Store; vault: Vault; clock: Clock }, policy: UrlPolicy = policyFromEnv()): WebhookRuntime {
  return { store: core.store, vault: core.vault, clock: core.clock, policy };
}

export function sendAttempt(runtime: WebhookRuntime, request: Omit<AttemptRequest, 'policy' | 'resolver' | 'ca'>): Promise<AttemptResult> {
  const full: AttemptRequest = { ...request, policy: runtime.policy, resolver: runtime.resolver, ca: runtime.ca };
  return (runtime.send ?? deliverOnce)(full);
}
