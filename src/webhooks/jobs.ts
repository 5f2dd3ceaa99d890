/**
 * The outbox handler of `deliver_webhook` jobs. Typed structurally (any job with a payload), so the outbox
 * worker can register it without webhooks/ depending on the worker. A receiver failure is not a job
 * failure: runDelivery records it and enqueues the next attempt itself at the spec's delay, so the job
 * completes; only a fault of ours (store, vault) throws and gets the worker's own retry.
 */
import { runDelivery } from './dispatch.ts';
import type { WebhookRuntime } from './runtime.ts';

export function deliverWebhookHandler(runtime: WebhookRuntime): (job: { payload: Record<string, unknown> }) => Promise<void> {
  return async (job) => {
    const id = Number(job.payload['delivery_id']);
    if (!Number.isSafeInteger(id)) return; // a malformed job can never succeed; nothing to retry
    await runDelivery(runtime, id);
  };
}
