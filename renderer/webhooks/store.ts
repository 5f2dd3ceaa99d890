/**
 * The webhooks screen's state: the list, the one open with its delivery log, the create/edit form, the
 * secret (shown once, after create or regenerate, until dismissed or another webhook is opened), and the
 * last test delivery's answer. No DOM here: test/unit/renderer/webhooks-store.test.ts drives it with a
 * fake API.
 */
import { create } from 'zustand';
import { asError, formFailure, runAction } from '../shared/async-action.ts';
import { createWebhooksApi, type WebhooksApi } from './api.ts';
import { draftOf, draftProblems, emptyDraft, inputOf, toggleEvent, type WebhookDraft } from './draft.ts';
import { WEBHOOK_EVENTS, type Webhook, type WebhookDelivery, type WebhookEventName } from './types.ts';

export interface Editing {
  /** null: a new webhook. */
  id: number | null;
  draft: WebhookDraft;
  /** Set by the first save attempt, so problems show only once the shopkeeper tried. */
  tried: boolean;
}

export interface WebhooksState {
  items: Webhook[];
  loaded: boolean;
  error: Error | null;
  openId: number | null;
  deliveries: WebhookDelivery[];
  editing: Editing | null;
  saving: boolean;
  /** The server's per-field refusals of the last save (validation_error). */
  fieldErrors: Record<string, string[]>;
  secret: { webhookId: number; secret: string } | null;
  testing: boolean;
  tested: { webhookId: number; delivery: WebhookDelivery } | null;
  /** The delivery being resent. */
  redelivering: number | null;
  load(): Promise<void>;
  open(id: number | null): Promise<void>;
  refreshDeliveries(): Promise<void>;
  startNew(): void;
  startEdit(): void;
  cancelEdit(): void;
  setDraft(changes: Partial<WebhookDraft>): void;
  toggleEvent(event: WebhookEventName): void;
  save(): Promise<boolean>;
  setActive(active: boolean): Promise<void>;
  remove(): Promise<void>;
  test(): Promise<void>;
  regenerateSecret(): Promise<void>;
  dismissSecret(): void;
  redeliver(deliveryId: number): Promise<void>;
}

export function createWebhooksStore(api: WebhooksApi = createWebhooksApi()) {
  return create<WebhooksState>((set, get) => {
    const failed = (error: unknown) => ({ error: asError(error) });
    const fail = (error: unknown) => set(failed(error));
    // The list and the log are polled while a webhook is open: an answer asked for before a newer request,
    // or before a change made here (created, edited, deleted), would bring back what is no longer so.
    let listVersion = 0;
    let logVersion = 0;
    const setItems = (items: Webhook[]) => {
      listVersion++;
      set({ items });
    };
    const replace = (webhook: Webhook) => setItems(get().items.map((w) => (w.id === webhook.id ? webhook : w)));

    return {
      items: [],
      loaded: false,
      error: null,
      openId: null,
      deliveries: [],
      editing: null,
      saving: false,
      fieldErrors: {},
      secret: null,
      testing: false,
      tested: null,
      redelivering: null,

      async load() {
        const version = ++listVersion;
        try {
          const items = await api.list();
          if (version !== listVersion) return;
          const openId = get().openId;
          // The open webhook may have been deleted elsewhere (another window, the API).
          set({ items, loaded: true, error: null, ...(openId !== null && !items.some((w) => w.id === openId) ? { openId: null, deliveries: [] } : {}) });
        } catch (error) {
          if (version === listVersion) fail(error);
        }
      },

      async open(id) {
        if (id === get().openId) return;
        set({ openId: id, deliveries: [], editing: null, fieldErrors: {}, tested: null, secret: get().secret?.webhookId === id ? get().secret : null });
        if (id !== null) await get().refreshDeliveries();
      },

      async refreshDeliveries() {
        const id = get().openId;
        if (id === null) return;
        const version = ++logVersion;
        try {
          const deliveries = await api.deliveries(id);
          if (version === logVersion && get().openId === id) set({ deliveries });
        } catch (error) {
          if (version === logVersion) fail(error);
        }
      },

      startNew() {
        set({ editing: { id: null, draft: emptyDraft(), tried: false }, fieldErrors: {} });
      },

      startEdit() {
        const webhook = get().items.find((w) => w.id === get().openId);
        if (webhook) set({ editing: { id: webhook.id, draft: draftOf(webhook), tried: false }, fieldErrors: {} });
      },

      cancelEdit() {
        set({ editing: null, fieldErrors: {} });
      },

      setDraft(changes) {
        const editing = get().editing;
        if (editing) set({ editing: { ...editing, draft: { ...editing.draft, ...changes } } });
      },

      toggleEvent(event) {
        const editing = get().editing;
        if (editing) get().setDraft({ events: toggleEvent(editing.draft.events, event, WEBHOOK_EVENTS) });
      },

      async save() {
        const editing = get().editing;
        if (!editing || get().saving) return false;
        if (Object.keys(draftProblems(editing.draft)).length > 0) {
          set({ editing: { ...editing, tried: true } });
          return false;
        }
        const start = { saving: true, editing: { ...editing, tried: true }, fieldErrors: {}, error: null };
        return runAction(set, { start, failed: formFailure, end: { saving: false } }, async () => {
          const input = inputOf(editing.draft);
          if (editing.id === null) {
            const { secret, ...created } = await api.create(input);
            setItems([...get().items, created]);
            set({ editing: null, openId: created.id, deliveries: [], tested: null, secret: { webhookId: created.id, secret } });
          } else {
            replace(await api.update(editing.id, input));
            set({ editing: null });
          }
        });
      },

      async setActive(active) {
        const id = get().openId;
        if (id === null) return;
        try {
          replace(await api.update(id, { is_active: active }));
          set({ error: null });
        } catch (error) {
          fail(error);
        }
      },

      async remove() {
        const id = get().openId;
        if (id === null) return;
        try {
          await api.remove(id);
          setItems(get().items.filter((w) => w.id !== id));
          set({ openId: null, deliveries: [], editing: null, tested: null, secret: null, error: null });
        } catch (error) {
          fail(error);
        }
      },

      async test() {
        const id = get().openId;
        if (id === null || get().testing) return;
        await runAction(set, { start: { testing: true, tested: null, error: null }, failed, end: { testing: false } }, async () => {
          // A failed test is an answer too (status, time, error), not an error of the screen.
          const delivery = await api.test(id);
          if (get().openId === id) set({ tested: { webhookId: id, delivery } });
          await get().refreshDeliveries();
        });
      },

      async regenerateSecret() {
        const id = get().openId;
        if (id === null) return;
        try {
          const { secret } = await api.regenerateSecret(id);
          set({ secret: { webhookId: id, secret }, error: null });
        } catch (error) {
          fail(error);
        }
      },

      dismissSecret() {
        set({ secret: null });
      },

      async redeliver(deliveryId) {
        const id = get().openId;
        if (id === null || get().redelivering !== null) return;
        await runAction(set, { start: { redelivering: deliveryId, error: null }, failed, end: { redelivering: null } }, async () => {
          await api.redeliver(id, deliveryId);
          await get().refreshDeliveries();
        });
      },
    };
  });
}

export const useWebhooks = createWebhooksStore();
