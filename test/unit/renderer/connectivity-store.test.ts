/** The offline banner's store: unreachable tax authority with the queued count; last contact kept. */
import { expect, it } from 'vitest';
import { createConnectivityStore } from '../../../renderer/connectivity/store.ts';
import type { DocumentListItem, HaciendaStatus } from '../../../renderer/api/types.ts';

const status = (available: boolean | null): HaciendaStatus => ({
  default_environment: 'staging',
  staging: { available, last_check: available ? '2026-11-20T10:00:00Z' : '2026-11-20T10:05:00Z' },
  production: { available: true },
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
