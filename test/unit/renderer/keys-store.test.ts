/** The API keys store: the POST body of a POS key, the secret shown once, internal keys kept out of reach. */
import { describe, expect, it } from 'vitest';
import { createKeysStore, isInternal, keyBody, keyState, visibleKeys, INTERNAL_KEY_NAME } from '../../../renderer/keys/store.ts';
import type { KeysApi } from '../../../renderer/keys/api.ts';
import type { ApiKey, ApiKeyInput } from '../../../renderer/keys/types.ts';
import type { Profile } from '../../../renderer/shared/organization/profile.ts';

const NOW = new Date('2026-11-20T16:30:00Z');
const key = (patch: Partial<ApiKey>): ApiKey => ({
  id: 'k', name: 'Caja 1', mode: 'test', prefix: 'fk_test_ab', abilities: [], created_at: '2026-11-01T00:00:00Z', expires_at: null, last_used_at: null, revoked_at: null, ...patch,
});
const BROWSER = key({ id: 'b', name: INTERNAL_KEY_NAME });
const POS = key({ id: 'p', name: 'Caja 1', organization_id: 'u-1' });
const OLD = key({ id: 'o', name: 'Vieja', revoked_at: '2026-11-02T00:00:00Z' });

function fakeApi(options: { live?: boolean } = {}) {
  const created: ApiKeyInput[] = [];
  const revoked: string[] = [];
  const api: KeysApi = {
    list: async () => [BROWSER, POS, OLD],
    create: async (input) => {
      created.push(input);
      return { ...key({ id: 'n', name: input.name, organization_id: input.organization_id }), secret: 'fk_test_SECRET' };
    },
    revoke: async (id) => {
      revoked.push(id);
      return key({ id, revoked_at: NOW.toISOString() });
    },
    profile: async () => ({ uuid: 'u-1' }) as Profile,
    account: async () => ({ id: 'a', name: 'L', plan: options.live ? 'business' : 'sandbox', status: options.live ? 'active' : 'sandbox' }),
    plans: async () => ({ plans: [{ code: 'business', name: 'B', live_allowed: true }, { code: 'sandbox', name: 'S', live_allowed: false }] }),
  };
  return { api, created, revoked };
}

describe('keys store', () => {
  it('builds an organization key for this organization, expiring at the end of the chosen Costa Rica day', () => {
    expect(keyBody({ name: ' Caja 2 ', mode: 'test', expires_on: '' }, 'u-1')).toEqual({ name: 'Caja 2', mode: 'test', organization_id: 'u-1' });
    expect(keyBody({ name: 'Caja 2', mode: 'test', expires_on: '2027-01-31' }, 'u-1')).toMatchObject({ expires_at: '2027-01-31T23:59:59-06:00' });
  });

  it('lists active keys, the shopkeeper’s first and the browser’s internal ones last', () => {
    expect(keyState(OLD, NOW)).toBe('revoked');
    expect(keyState(key({ expires_at: '2026-11-20T16:00:00Z' }), NOW)).toBe('expired');
    expect(keyState(POS, NOW)).toBe('active');
    expect(visibleKeys([BROWSER, POS, OLD], false, NOW).map((k) => k.id)).toEqual(['p', 'b']);
    expect(visibleKeys([BROWSER, POS, OLD], true, NOW).map((k) => k.id)).toEqual(['p', 'o', 'b']);
  });

  it('shows the new secret once and never keeps it in the list', async () => {
    const { api, created } = fakeApi();
    const store = createKeysStore(api);
    await store.getState().load();
    expect(await store.getState().create({ name: 'Caja 2', mode: 'test', expires_on: '' })).toBe(true);
    expect(created).toEqual([{ name: 'Caja 2', mode: 'test', organization_id: 'u-1' }]);
    expect(store.getState().created?.secret).toBe('fk_test_SECRET');
    expect(JSON.stringify(store.getState().keys)).not.toContain('fk_test_SECRET');
    store.getState().dismissSecret();
    expect(JSON.stringify(store.getState())).not.toContain('fk_test_SECRET');
  });

  it('refuses a live key on a sandbox plan and a nameless key without asking the server', async () => {
    const { api, created } = fakeApi();
    const store = createKeysStore(api);
    await store.getState().load();
    expect(await store.getState().create({ name: 'Caja', mode: 'live', expires_on: '' })).toBe(false);
    expect(store.getState().error?.message).toBe('keys_live');
    expect(await store.getState().create({ name: '  ', mode: 'test', expires_on: '' })).toBe(false);
    expect(created).toEqual([]);
  });

  it('revokes a POS key but never the browser session key', async () => {
    const { api, revoked } = fakeApi();
    const store = createKeysStore(api);
    await store.getState().load();
    expect(isInternal(BROWSER)).toBe(true);
    await store.getState().revoke('b');
    await store.getState().revoke('p');
    expect(revoked).toEqual(['p']);
    expect(store.getState().keys.find((k) => k.id === 'p')?.revoked_at).toBe(NOW.toISOString());
  });
});
