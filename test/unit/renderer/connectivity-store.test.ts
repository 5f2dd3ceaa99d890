/** The offline banner's store: unreachable tax authority with the queued count; last contact kept. */
import { expect, it } from 'vitest';
import { createConnectivityStore } from '../../../renderer/shared/connectivity/store.ts';
import type { DocumentListItem, HaciendaStatus } from '../../../renderer/api/types.ts';

const status = (available: boolean | null): HaciendaStatus => ({
  default_environment: 'staging',
  staging: { available, last_check: available ? '2026-11-20T10:00:00Z' : '2026-11-20T10:05:00Z', last_success: null },
  production: { available: true, last_success: null },
});

it('reports unreachable with the queued count, keeping the last successful contact', async () => {
  let current = status(true);
  const queued = [{ id: '1' }, { id: '2' }] as DocumentListItem[];
  const store = createConnectivityStore({ haciendaStatus: async () => current, documents: async () => queued });
  expect(store.getState().reachable).toBeNull();
  await store.getState().refresh();
  expect(store.getState()).toMatchObject({ reachable: true, lastContact: '2026-11-20T10:00:00Z' });
  current = status(false);
  await store.getState().refresh();
  expect(store.getState()).toMatchObject({ reachable: false, queued: 2, lastContact: '2026-11-20T10:00:00Z' });
});

it('says "at least" when a full page of documents waits', async () => {
  const queued = Array.from({ length: 100 }, (_, i) => ({ id: String(i) })) as DocumentListItem[];
  const store = createConnectivityStore({ haciendaStatus: async () => status(false), documents: async () => queued });
  await store.getState().refresh();
  expect(store.getState()).toMatchObject({ reachable: false, queued: 100, queuedMore: true });
});

it('keeps the newest answer when refreshes overlap (the poll and the one after a ticket)', async () => {
  const answers: Array<(s: HaciendaStatus) => void> = [];
  const store = createConnectivityStore({ haciendaStatus: () => new Promise((resolve) => answers.push(resolve)), documents: async () => [] });
  const older = store.getState().refresh();
  const newer = store.getState().refresh();
  answers[1]!(status(true));
  await newer;
  answers[0]!(status(false));
  await older;
  expect(store.getState().reachable).toBe(true);
});

it('takes the last successful contact from the server when it says, also on a page opened offline', async () => {
  const offline: HaciendaStatus = { default_environment: 'staging', staging: { available: false, last_check: '2026-11-20T10:05:00Z', last_success: '2026-11-20T09:58:00Z' }, production: { available: true, last_success: null } };
  const store = createConnectivityStore({ haciendaStatus: async () => offline, documents: async () => [] });
  await store.getState().refresh();
  expect(store.getState()).toMatchObject({ reachable: false, lastContact: '2026-11-20T09:58:00Z' });
});
