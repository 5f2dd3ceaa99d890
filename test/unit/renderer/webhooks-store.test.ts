/** The webhooks screen's logic without a DOM: the form's checks, the secret shown once, test, log and redelivery. */
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../renderer/api/client.ts';
import { createWebhooksApi, type WebhooksApi } from '../../../renderer/webhooks/api.ts';
import { draftProblems, emptyDraft, inputOf, toggleEvent } from '../../../renderer/webhooks/draft.ts';
import { createWebhooksStore } from '../../../renderer/webhooks/store.ts';
import { EMITTED_EVENTS, RESERVED_EVENTS, WEBHOOK_EVENTS, type Webhook, type WebhookDelivery, type WebhookInput } from '../../../renderer/webhooks/types.ts';
import { WEBHOOK_EVENTS as SERVER_EVENTS } from '../../../src/webhooks/events.ts';

function webhook(id: number, input: Partial<WebhookInput> = {}): Webhook {
  return {
    id, uuid: `u-${id}`, name: `Hook ${id}`, url: `https://example.com/${id}`, events: ['document.accepted'], is_active: true, max_retries: 3, timeout_seconds: 30,
    failure_count: 0, last_triggered_at: null, disabled_at: null, disabled_reason: null, created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z', ...input,
  };
}

function delivery(id: number, changes: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id, event: 'document.signed', event_id: `e-${id}`, attempt: 1, successful: true, status: 'succeeded', response_status: 200, response_time_ms: 12,
    error: null, delivered_at: '2026-11-20T10:00:00Z', next_attempt_at: null, created_at: '2026-11-20T10:00:00Z', ...changes,
  };
}

/** An in-memory server: what the store sent, and the answers a real one would give. */
function fakeApi(initial: Webhook[] = []) {
  const state = { hooks: [...initial], log: new Map<number, WebhookDelivery[]>(), calls: [] as string[], nextId: 100, refuse: null as ApiRequestError | null };
  const api: WebhooksApi = {
    list: async () => [...state.hooks],
    async create(input) {
      state.calls.push(`create ${JSON.stringify(input)}`);
      if (state.refuse) throw state.refuse;
      const created = webhook(state.nextId++, input);
      state.hooks.push(created);
      return { ...created, secret: 'whsec_0123' };
    },
    async update(id, changes) {
      state.calls.push(`update ${id} ${JSON.stringify(changes)}`);
      const updated = { ...state.hooks.find((w) => w.id === id)!, ...changes };
      state.hooks = state.hooks.map((w) => (w.id === id ? updated : w));
      return updated;
    },
    async remove(id) {
      state.calls.push(`remove ${id}`);
      state.hooks = state.hooks.filter((w) => w.id !== id);
      return null;
    },
    async test(id) {
      state.calls.push(`test ${id}`);
      const answer = delivery(900 + (state.log.get(id)?.length ?? 0), { event: 'webhook.test', successful: false, status: 'failed', response_status: 503, response_time_ms: 40 });
      state.log.set(id, [answer, ...(state.log.get(id) ?? [])]);
      return answer;
    },
    regenerateSecret: async (id) => ({ id, secret: 'whsec_new' }),
    deliveries: async (id) => [...(state.log.get(id) ?? [])],
    async redeliver(id, deliveryId) {
      state.calls.push(`redeliver ${id} ${deliveryId}`);
      const original = state.log.get(id)!.find((d) => d.id === deliveryId)!;
      const again = { ...original, id: original.id + 1000, attempt: original.attempt + 1 };
      state.log.set(id, [again, ...state.log.get(id)!]);
      return again;
    },
  };
  return { api, state };
}

describe('webhook events', () => {
  it('are exactly the server\'s, emitted ones first', () => {
    expect([...WEBHOOK_EVENTS].sort()).toEqual([...SERVER_EVENTS].sort());
    expect(WEBHOOK_EVENTS.slice(0, EMITTED_EVENTS.length)).toEqual(EMITTED_EVENTS);
    expect(RESERVED_EVENTS).toEqual(['document.created', 'document.error', 'callback.received']);
  });

  it('toggle in and out keeping the list order', () => {
    expect(toggleEvent(['document.rejected'], 'document.signed', WEBHOOK_EVENTS)).toEqual(['document.signed', 'document.rejected']);
    expect(toggleEvent(['document.signed', 'document.rejected'], 'document.signed', WEBHOOK_EVENTS)).toEqual(['document.rejected']);
  });
});

describe('webhook draft', () => {
  it('names every field that cannot be sent, including ranges the server would silently replace', () => {
    const bad = { ...emptyDraft(), name: '  ', url: 'ftp://x', events: [], max_retries: '11', timeout_seconds: '4' };
    expect(draftProblems(bad)).toEqual({ name: 'required', url: 'url', events: 'events', max_retries: 'retries', timeout_seconds: 'timeout' });
    expect(draftProblems({ ...bad, url: '' }).url).toBe('required');
    expect(draftProblems({ ...bad, url: 'no url' }).url).toBe('url');
    expect(draftProblems({ ...emptyDraft(), name: 'ERP', url: 'https://erp.example.com/hook', max_retries: '0', timeout_seconds: '60' })).toEqual({});
  });

  it('sends trimmed text and numbers', () => {
    expect(inputOf({ ...emptyDraft(), name: ' ERP ', url: ' https://erp.example.com/h ', max_retries: '5', timeout_seconds: '10' })).toEqual({
      name: 'ERP', url: 'https://erp.example.com/h', events: ['document.accepted', 'document.rejected'], is_active: true, max_retries: 5, timeout_seconds: 10,
    });
  });
});

describe('webhooks store', () => {
  it('does not send a draft with problems; creates a valid one, opens it and shows its secret once', async () => {
    const { api, state } = fakeApi([webhook(1)]);
    const store = createWebhooksStore(api);
    await store.getState().load();
    store.getState().startNew();
    expect(await store.getState().save()).toBe(false);
    expect(store.getState().editing?.tried).toBe(true);
    expect(state.calls).toEqual([]);

    store.getState().setDraft({ name: 'Contabilidad', url: 'https://erp.example.com/hook' });
    store.getState().toggleEvent('document.signed');
    expect(await store.getState().save()).toBe(true);
    expect(state.calls).toEqual([`create ${JSON.stringify({ name: 'Contabilidad', url: 'https://erp.example.com/hook', events: ['document.signed', 'document.accepted', 'document.rejected'], is_active: true, max_retries: 3, timeout_seconds: 30 })}`]);
    const s = store.getState();
    expect(s.editing).toBeNull();
    expect(s.openId).toBe(100);
    expect(s.secret).toEqual({ webhookId: 100, secret: 'whsec_0123' });
    expect(s.items.map((w) => w.id)).toEqual([1, 100]);
    expect(JSON.stringify(s.items)).not.toContain('whsec_0123');

    // Opening another webhook forgets the secret: it is not shown again, even going back.
    await store.getState().open(1);
    expect(store.getState().secret).toBeNull();
    await store.getState().open(100);
    expect(store.getState().secret).toBeNull();
    await store.getState().regenerateSecret();
    expect(store.getState().secret).toEqual({ webhookId: 100, secret: 'whsec_new' });
    store.getState().dismissSecret();
    expect(store.getState().secret).toBeNull();
  });

  it('keeps the form open with the server\'s field errors when it refuses', async () => {
    const { api, state } = fakeApi();
    state.refuse = new ApiRequestError(422, 'validation_error', 'Invalid', { url: ['Only https URLs are accepted.'] });
    const store = createWebhooksStore(api);
    store.getState().startNew();
    store.getState().setDraft({ name: 'Local', url: 'http://192.168.1.5/hook' });
    expect(await store.getState().save()).toBe(false);
    expect(store.getState()).toMatchObject({ fieldErrors: { url: ['Only https URLs are accepted.'] }, saving: false, openId: null });
    expect(store.getState().editing?.draft.name).toBe('Local');
    expect(store.getState().error?.message).toBe('Invalid');
  });

  it('edits only the open webhook, and switches it off and on', async () => {
    const { api, state } = fakeApi([webhook(1), webhook(2)]);
    const store = createWebhooksStore(api);
    await store.getState().load();
    await store.getState().open(2);
    store.getState().startEdit();
    expect(store.getState().editing).toMatchObject({ id: 2, draft: { name: 'Hook 2', max_retries: '3' } });
    store.getState().setDraft({ name: 'Tienda', timeout_seconds: '15' });
    await store.getState().save();
    await store.getState().setActive(false);
    expect(state.calls).toEqual([
      `update 2 ${JSON.stringify({ name: 'Tienda', url: 'https://example.com/2', events: ['document.accepted'], is_active: true, max_retries: 3, timeout_seconds: 15 })}`,
      'update 2 {"is_active":false}',
    ]);
    expect(store.getState().items.map((w) => [w.name, w.is_active])).toEqual([['Hook 1', true], ['Tienda', false]]);
  });

  it('tests: the receiver\'s answer, also a failed one, and the log refreshed', async () => {
    const { api } = fakeApi([webhook(1)]);
    const store = createWebhooksStore(api);
    await store.getState().load();
    await store.getState().open(1);
    await store.getState().test();
    const s = store.getState();
    expect(s.tested).toMatchObject({ webhookId: 1, delivery: { response_status: 503, response_time_ms: 40, successful: false } });
    expect(s.error).toBeNull();
    expect(s.testing).toBe(false);
    expect(s.deliveries.map((d) => d.event)).toEqual(['webhook.test']);
    await store.getState().open(null);
    expect(store.getState().tested).toBeNull();
  });

  it('redelivers one attempt at a time and shows the new attempt', async () => {
    const { api, state } = fakeApi([webhook(1)]);
    state.log.set(1, [delivery(7, { status: 'failed', successful: false, response_status: 500 })]);
    const store = createWebhooksStore(api);
    await store.getState().load();
    await store.getState().open(1);
    const first = store.getState().redeliver(7);
    expect(store.getState().redelivering).toBe(7);
    await store.getState().redeliver(7); // a second press while the first runs does nothing
    await first;
    expect(state.calls).toEqual(['redeliver 1 7']);
    expect(store.getState().deliveries.map((d) => [d.id, d.attempt])).toEqual([[1007, 2], [7, 1]]);
    expect(store.getState().redelivering).toBeNull();
  });

  it('forgets the open webhook once it is deleted, here or elsewhere', async () => {
    const { api, state } = fakeApi([webhook(1), webhook(2)]);
    const store = createWebhooksStore(api);
    await store.getState().load();
    await store.getState().open(1);
    await store.getState().remove();
    expect(store.getState()).toMatchObject({ openId: null, items: [expect.objectContaining({ id: 2 })] });
    await store.getState().open(2);
    state.hooks = [];
    await store.getState().load();
    expect(store.getState().openId).toBeNull();
  });
});

describe('webhooks store, late answers', () => {
  /** List and log answers held back, as a slow poll brings them; released in the order the test says. */
  function slowPolls(api: WebhooksApi) {
    const held: (() => void)[] = [];
    const hold = <T>(answer: Promise<T>) => answer.then((value) => new Promise<T>((resolve) => held.push(() => resolve(value))));
    /** The fake answers within microtasks: one macrotask later, every answer asked for is held. */
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return {
      list: () => hold(api.list()),
      deliveries: (id: number) => hold(api.deliveries(id)),
      /** Releases the answers held, the newest first when `newestFirst`. */
      async release(newestFirst = false) {
        await settle();
        const answers = held.splice(0);
        (newestFirst ? answers.reverse() : answers).forEach((resolve) => resolve());
        await settle();
      },
    };
  }

  /** A store over `hooks` whose list answers only when released, with the first webhook loaded and open. */
  async function withSlowPolls(hooks: ReturnType<typeof webhook>[]) {
    const { api } = fakeApi(hooks);
    const slow = slowPolls(api);
    const store = createWebhooksStore({ ...api, list: slow.list });
    const first = store.getState().load();
    await slow.release();
    await first;
    await store.getState().open(1);
    return { store, slow };
  }

  it('a poll asked before a deletion does not bring the deleted webhook back', async () => {
    const { store, slow } = await withSlowPolls([webhook(1), webhook(2)]);
    const poll = store.getState().load(); // the list as it still is: both webhooks
    await store.getState().remove();
    await slow.release();
    await poll;
    expect(store.getState().items.map((w) => w.id)).toEqual([2]);
  });

  it('a poll asked before a creation neither hides the new webhook nor closes it', async () => {
    const { store, slow } = await withSlowPolls([webhook(1)]);
    const poll = store.getState().load(); // the list without the new one
    store.getState().startNew();
    store.getState().setDraft({ name: 'ERP', url: 'https://erp.example.com/hook' });
    expect(await store.getState().save()).toBe(true);
    await slow.release();
    await poll;
    expect(store.getState()).toMatchObject({ openId: 100, secret: { webhookId: 100 } });
    expect(store.getState().items.map((w) => w.id)).toEqual([1, 100]);
  });

  it('an older log answer arriving last does not replace a newer one', async () => {
    const { api, state } = fakeApi([webhook(1)]);
    const slow = slowPolls(api);
    const store = createWebhooksStore({ ...api, deliveries: slow.deliveries });
    await store.getState().load();
    const opened = store.getState().open(1); // asks the log while it is empty
    state.log.set(1, [delivery(7)]);
    const newer = store.getState().refreshDeliveries();
    await slow.release(true);
    await Promise.all([opened, newer]);
    expect(store.getState().deliveries.map((d) => d.id)).toEqual([7]);
  });
});

describe('webhooks api', () => {
  it('builds the spec\'s paths on the shared client', async () => {
    const seen: string[] = [];
    const api = createWebhooksApi({ data: async <T>(method: string, path: string, body?: unknown) => { seen.push(`${method} ${path}${body ? ` ${JSON.stringify(body)}` : ''}`); return null as T; } });
    await api.deliveries(4);
    await api.redeliver(4, 9);
    await api.test(4);
    await api.update(4, { is_active: true });
    expect(seen).toEqual(['GET /webhooks/4/deliveries?per_page=50', 'POST /webhooks/4/deliveries/9/redeliver', 'POST /webhooks/4/test', 'PUT /webhooks/4 {"is_active":true}']);
  });
});
