/** Settings → Casa matriz (a till, docs/replication.md): pairing with a trimmed body, sync now, unlinking after a confirmation. */
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../renderer/api/client.ts';
import { createHeadOfficeStore } from '../../../renderer/settings/head-office-store.ts';
import type { HeadOfficeApi, HeadOfficeLink } from '../../../renderer/settings/head-office-api.ts';

const UNLINKED: HeadOfficeLink = { linked: false, url: null, head_office_name: null, till_id: null, paired_at: null, pending_documents: 0, last_push_at: null, last_pull_at: null, last_error: null };
const LINKED: HeadOfficeLink = { ...UNLINKED, linked: true, url: 'https://matriz.example.cr', head_office_name: 'Casa Matriz', till_id: 3, paired_at: '2026-11-27T08:00:00.000Z', pending_documents: 12 };

function fakeApi() {
  const calls: string[] = [];
  let link = UNLINKED;
  const api: HeadOfficeApi = {
    status: async () => link,
    pair: async (body) => {
      calls.push(`pair ${JSON.stringify(body)}`);
      link = LINKED;
      return { head_office_name: 'Casa Matriz', till_id: 3, paired_at: LINKED.paired_at! };
    },
    sync: async () => {
      calls.push('sync');
      return { ...link, pending_documents: 0 };
    },
    unlink: async () => {
      calls.push('unlink');
      link = UNLINKED;
      return null;
    },
  };
  return { api, calls };
}

describe('settings: head office', () => {
  it('pairs with the trimmed address and code (no empty name), then shows the link', async () => {
    const { api, calls } = fakeApi();
    const store = createHeadOfficeStore(api);
    await store.getState().load();
    expect(store.getState().link?.linked).toBe(false);
    expect(await store.getState().pair({ url: ' https://matriz.example.cr ', code: ' ABCD-EFGH ', name: '  ' })).toBe(true);
    expect(calls).toEqual(['pair {"url":"https://matriz.example.cr","code":"ABCD-EFGH"}']);
    expect(store.getState().link).toMatchObject({ linked: true, head_office_name: 'Casa Matriz', pending_documents: 12 });
  });

  it('syncs now and shows the new figures', async () => {
    const { api, calls } = fakeApi();
    const store = createHeadOfficeStore(api);
    await store.getState().pair({ url: 'https://matriz.example.cr', code: 'ABCD-EFGH', name: 'Caja 1' });
    expect(await store.getState().sync()).toBe(true);
    expect(calls.at(-1)).toBe('sync');
    expect(store.getState().link?.pending_documents).toBe(0);
  });

  it('unlinks only once confirmed', async () => {
    const { api, calls } = fakeApi();
    const store = createHeadOfficeStore(api);
    await store.getState().pair({ url: 'https://matriz.example.cr', code: 'ABCD-EFGH', name: '' });
    store.getState().ask(true);
    expect(await store.getState().unlink()).toBe(true);
    expect(calls.at(-1)).toBe('unlink');
    expect(store.getState()).toMatchObject({ confirming: false, link: { linked: false } });
  });

  it("keeps the head office's refusal for the section to show; a background refresh failing changes nothing", async () => {
    const { api } = fakeApi();
    const store = createHeadOfficeStore({ ...api, pair: async () => { throw new ApiRequestError(409, 'pairing_code_used', 'Este código de enlace ya se usó: cree uno nuevo en la casa matriz.'); } });
    expect(await store.getState().pair({ url: 'https://matriz.example.cr', code: 'ABCD-EFGH', name: '' })).toBe(false);
    expect(store.getState().error).toMatchObject({ code: 'pairing_code_used' });
    const quiet = createHeadOfficeStore({ ...api, status: async () => { throw new Error('offline'); } });
    await quiet.getState().load(true);
    expect(quiet.getState()).toMatchObject({ busy: false, error: null, link: null });
  });
});
