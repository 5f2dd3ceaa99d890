/** Settings → Cajas (a head office's paired tills, docs/replication.md): the code shown once, unpairing after a confirmation. */
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../renderer/api/client.ts';
import { createTillsStore } from '../../../renderer/settings/tills-store.ts';
import type { PairedTill, TillsApi } from '../../../renderer/settings/tills-api.ts';

const TILL: PairedTill = { id: 4, name: 'Sucursal 1 · Caja 2', branch: '001', terminal: '00002', last_seen_at: null, documents_received: 0, created_at: '2026-11-27T08:00:00.000Z' };

function fakeApi(tills: PairedTill[] = [TILL]) {
  const calls: string[] = [];
  const api: TillsApi = {
    tills: async () => [...tills],
    pairingCode: async (label) => {
      calls.push(`code ${label}`);
      return { code: 'ABCD-EFGH', label, expires_at: '2026-11-27T08:15:00.000Z' };
    },
    unpair: async (id) => {
      calls.push(`unpair ${id}`);
    },
  };
  return { api, calls };
}

describe('settings: tills', () => {
  it('lists the tills and keeps the code it made, trimmed label and all', async () => {
    const { api, calls } = fakeApi();
    const store = createTillsStore(api);
    await store.getState().load();
    expect(store.getState().tills).toEqual([TILL]);
    expect(await store.getState().makeCode('  Caja 3 ')).toBe(true);
    expect(calls).toEqual(['code Caja 3']);
    expect(store.getState().code).toMatchObject({ code: 'ABCD-EFGH', label: 'Caja 3' });
  });

  it('unpairs only the till it was asked to confirm, and drops it from the list', async () => {
    const { api, calls } = fakeApi();
    const store = createTillsStore(api);
    await store.getState().load();
    expect(await store.getState().unpair()).toBe(false);
    store.getState().ask(TILL);
    expect(await store.getState().unpair()).toBe(true);
    expect(calls).toEqual(['unpair 4']);
    expect(store.getState().tills).toEqual([]);
    expect(store.getState().confirming).toBeNull();
  });

  it("keeps the server's refusal for the section to show", async () => {
    const { api } = fakeApi();
    const store = createTillsStore({ ...api, pairingCode: async () => { throw new ApiRequestError(403, 'forbidden', 'This API key lacks the ability settings:manage.'); } });
    expect(await store.getState().makeCode('Caja')).toBe(false);
    expect(store.getState().error?.message).toMatch(/settings:manage/);
    expect(store.getState().code).toBeNull();
  });
});
