/** The /webhooks calls of the screen (spec "Webhooks"), on the shared client's `data`. */
import { api as defaultClient, query, type ApiClient } from '../api/client.ts';
import type { Webhook, WebhookCreated, WebhookDelivery, WebhookInput, WebhookSecret } from './types.ts';

/** How many attempts the log shows: the newest page is what the shopkeeper looks at. */
export const DELIVERIES_SHOWN = 50;

export function createWebhooksApi(client: Pick<ApiClient, 'data'> = defaultClient) {
  const path = (id: number, rest = '') => `/webhooks/${id}${rest}`;
  return {
    list: () => client.data<Webhook[]>('GET', '/webhooks'),
    create: (input: WebhookInput) => client.data<WebhookCreated>('POST', '/webhooks', input),
    update: (id: number, changes: Partial<WebhookInput>) => client.data<Webhook>('PUT', path(id), changes),
    remove: (id: number) => client.data<null>('DELETE', path(id)),
    test: (id: number) => client.data<WebhookDelivery>('POST', path(id, '/test')),
    regenerateSecret: (id: number) => client.data<WebhookSecret>('POST', path(id, '/regenerate-secret')),
    deliveries: (id: number) => client.data<WebhookDelivery[]>('GET', path(id, `/deliveries${query({ per_page: DELIVERIES_SHOWN })}`)),
    redeliver: (id: number, delivery: number) => client.data<WebhookDelivery>('POST', path(id, `/deliveries/${delivery}/redeliver`)),
  };
}

export type WebhooksApi = ReturnType<typeof createWebhooksApi>;
