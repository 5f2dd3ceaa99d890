/** The first-run wizard's store against a fake API: the gate's phases, each step's request, the polled test ticket. */
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../renderer/api/client.ts';
import type { DocumentDetail, DocumentSubmitted } from '../../../renderer/api/types.ts';
import { createCertificateStore } from '../../../renderer/shared/certificate/store.ts';
import type { CertificateApi } from '../../../renderer/shared/certificate/api.ts';
import type { CertificateStatus } from '../../../renderer/shared/certificate/types.ts';
import { setupApi, type SetupApi } from '../../../renderer/setup/api.ts';
import { createSetupStore, RUNNING_KEY } from '../../../renderer/setup/store.ts';
import type { Profile, ProfileUpdate } from '../../../renderer/shared/organization/profile.ts';

const NO_ORG = new ApiRequestError(403, 'organization_key_required', 'There is no issuing organization yet');
const NEW_PROFILE: Profile = {
  uuid: 'u-1', name: 'TecnoValle', legal_name: 'Soluciones S.A.', identification_type: '02', identification_number: '3101123456', email: 'f@example.cr', phone: null,
  economic_activities: [], default_environment: 'staging', address: null, is_active: true, logo_url: null, logo_width: null, plan: 'sandbox',
};
const EMPTY: CertificateStatus['staging'] = { has_certificate: false, has_credentials: false, certificate: null };
const STORED: CertificateStatus['staging'] = { has_certificate: true, has_credentials: true, certificate: { subject: 'CN=X', serial_number: '1', expiry_date: '2030-01-01', is_expired: false } };

/** A server in memory: no organization until one is created; records every request. */
function fakeServer(options: { verdicts?: string[]; profile?: Profile | null; certificate?: boolean } = {}) {
  const calls: { call: string; body?: unknown }[] = [];
  let profile: Profile | null = options.profile === undefined ? null : options.profile;
  let certificate = options.certificate ?? false;
  const verdicts = [...(options.verdicts ?? ['accepted'])];
  const api: SetupApi = {
    ...setupApi({ data: async () => { throw new Error('not faked'); } }),
    profile: async () => {
      calls.push({ call: 'profile' });
      if (!profile) throw NO_ORG;
      return profile;
    },
    createOrganization: async (input) => {
      calls.push({ call: 'createOrganization', body: input });
      profile = { ...NEW_PROFILE, name: input.name };
      return { id: 'u-1' };
    },
    updateProfile: async (changes: ProfileUpdate) => {
      calls.push({ call: 'updateProfile', body: changes });
      profile = { ...profile!, ...changes } as Profile;
      return profile;
    },
    issue: async (request) => {
      calls.push({ call: 'issue', body: request });
      return { document_key: '5'.repeat(50), consecutive_number: '00100001040000000001', status: 'processing' } as DocumentSubmitted;
    },
    document: async (key) => {
      calls.push({ call: 'document' });
      const status = verdicts.shift() ?? 'sent';
      return { document_key: key, status, hacienda_message: status === 'rejected' ? 'Rechazado' : null, rejections: status === 'rejected' ? [{ code: '-37', message: 'El total no coincide' }] : null } as DocumentDetail;
    },
  };
  const certificateApi: CertificateApi = {
    status: async () => ({ default_environment: profile?.default_environment ?? 'staging', staging: certificate ? STORED : EMPTY, production: EMPTY }),
    upload: async () => {
      certificate = true;
      return STORED.certificate!;
    },
    remove: async () => null,
  };
  return { api, certificateApi, calls };
}

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k), items };
}

function wizard(server: ReturnType<typeof fakeServer>, storage = memoryStorage()) {
  const hashes: string[] = [];
  const store = createSetupStore({
    api: server.api,
    certificates: createCertificateStore(server.certificateApi),
    storage,
    now: () => new Date('2026-11-20T16:30:00Z'),
    sleep: async () => {},
    navigate: (hash) => hashes.push(hash),
  });
  return { store, hashes, storage };
}

describe('setup store', () => {
  it('starts loading (no wizard flash), then shows step 1 when the server has no organization', async () => {
    const { store } = wizard(fakeServer());
    expect(store.getState().phase).toBe('loading');
    await store.getState().load();
    expect(store.getState()).toMatchObject({ phase: 'wizard', step: 'organization', profile: null });
  });

  it('opens the screens at once when everything is in place, without navigating', async () => {
    const server = fakeServer({ profile: { ...NEW_PROFILE, economic_activities: ['721001'], address: { province: '1', canton: '01', district: '01', details: 'Avenida 7' } }, certificate: true });
    const { store, hashes } = wizard(server);
    await store.getState().load();
    expect(store.getState().phase).toBe('ready');
    expect(hashes).toEqual([]);
  });

  it('says why it cannot decide when the server fails otherwise (no wizard over a dead server)', async () => {
    const server = fakeServer();
    server.api.profile = async () => { throw new ApiRequestError(0, 'network_error', 'server_unreachable'); };
    const { store } = wizard(server);
    await store.getState().load();
    expect(store.getState().phase).toBe('error');
    expect(store.getState().loadError).toMatchObject({ code: 'network_error' });
  });

  it('walks organization → location → certificate → accepted test ticket → counter, sending what each step needs', async () => {
    const server = fakeServer({ verdicts: ['sent', 'accepted'] });
    const { store, hashes, storage } = wizard(server);
    await store.getState().load();

    expect(await store.getState().createOrganization({ name: ' TecnoValle ', legal_name: ' ', identification_type: '02', identification_number: '3-101-123456', email: 'f@example.cr ', phone: '' })).toBe(true);
    expect(server.calls.find((c) => c.call === 'createOrganization')?.body).toEqual({ name: 'TecnoValle', identification_type: '02', identification_number: '3101123456', email: 'f@example.cr' });
    expect(store.getState().step).toBe('location');
    expect(storage.items.get(RUNNING_KEY)).toBe('1');

    expect(await store.getState().saveLocation({ province: '1', canton: '01', district: '02', neighborhood: '  ', details: ' Avenida 7, calles 3 y 5 ' }, '721001')).toBe(true);
    expect(server.calls.find((c) => c.call === 'updateProfile')?.body).toEqual({
      address: { province: '1', canton: '01', district: '02', details: 'Avenida 7, calles 3 y 5' }, economic_activities: ['721001'],
    });
    expect(store.getState().step).toBe('certificate');

    await store.getState().certificateStored();
    expect(store.getState().step).toBe('certificate'); // nothing uploaded yet: the server still says so
    await server.certificateApi.upload({ certificate: 'x', pin: '1', atv_user: 'a@b.cr', atv_password: 'p' });
    await store.getState().certificateStored();
    expect(store.getState().step).toBe('ticket');

    await store.getState().issueTestTicket();
    const issued = server.calls.find((c) => c.call === 'issue')?.body;
    expect(issued).toMatchObject({
      document: { document_type: '04', situation: '1', activity_code: '721001' },
      issuer: { type: '02', id: '3101123456', address: { province: '1', canton: '01', district: '02' } },
      items: [{ cabys_code: '8311200000000', unit: 'Sp', quantity: '1', price: '1000', tax: { rate_type: '08' } }],
    });
    expect(server.calls.filter((c) => c.call === 'document')).toHaveLength(2); // polled until the verdict
    expect(store.getState().ticket).toMatchObject({ status: 'accepted', clave: '5'.repeat(50) });

    store.getState().finish();
    expect(store.getState().phase).toBe('ready');
    expect(hashes).toEqual(['#counter']);
    expect(storage.items.has(RUNNING_KEY)).toBe(false);
  });

  it("shows the tax authority's message and reasons when the test ticket is rejected", async () => {
    const server = fakeServer({ verdicts: ['rejected'], profile: { ...NEW_PROFILE, economic_activities: ['721001'], address: { province: '1', canton: '01', district: '01', details: 'Avenida 7' } }, certificate: true });
    const storage = memoryStorage();
    storage.setItem(RUNNING_KEY, '1');
    const { store } = wizard(server, storage);
    await store.getState().load();
    expect(store.getState()).toMatchObject({ phase: 'wizard', step: 'ticket' }); // a reload mid-wizard comes back to it
    await store.getState().issueTestTicket();
    expect(store.getState().ticket).toMatchObject({ status: 'rejected', message: 'Rechazado', rejections: ['-37 El total no coincide'] });
  });

  it('stops waiting after its attempts and lets the shopkeeper go on while the ticket stays queued', async () => {
    const server = fakeServer({ verdicts: [], profile: { ...NEW_PROFILE, economic_activities: ['721001'], address: { province: '1', canton: '01', district: '01', details: 'Avenida 7' } }, certificate: true });
    server.api.document = async (key) => ({ document_key: key, status: 'queued', hacienda_message: null, rejections: [] }) as Partial<DocumentDetail> as DocumentDetail;
    const { store } = wizard(server);
    await store.getState().load();
    await store.getState().issueTestTicket();
    expect(store.getState()).toMatchObject({ ticketWaitOver: true, busy: false, ticket: { status: 'queued' } });
  });

  it('once skipped, a verdict still on its way changes nothing', async () => {
    const server = fakeServer({ verdicts: ['accepted'], profile: { ...NEW_PROFILE, economic_activities: ['721001'], address: { province: '1', canton: '01', district: '01', details: 'Avenida 7' } }, certificate: true });
    const document = server.api.document;
    let answer: (() => void) | undefined;
    server.api.document = (key) => new Promise((resolve) => { answer = () => void document(key).then(resolve); });
    const storage = memoryStorage();
    storage.setItem(RUNNING_KEY, '1');
    const { store } = wizard(server, storage);
    await store.getState().load();
    const issuing = store.getState().issueTestTicket();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(answer).toBeDefined(); // the first poll is waiting for its answer
    store.getState().finish();
    answer!();
    await issuing;
    expect(store.getState()).toMatchObject({ phase: 'ready', ticket: null, ticketWaitOver: false });
  });

  it('skips the test ticket in production: a real document is no test', async () => {
    const server = fakeServer({ profile: { ...NEW_PROFILE, default_environment: 'production', economic_activities: ['721001'], address: { province: '1', canton: '01', district: '01', details: 'Avenida 7' } } });
    const { store, hashes } = wizard(server);
    await store.getState().load();
    expect(store.getState().step).toBe('certificate');
    await server.certificateApi.upload({ certificate: 'x', pin: '1', atv_user: 'a@b.cr', atv_password: 'p' });
    server.certificateApi.status = async () => ({ default_environment: 'production', staging: EMPTY, production: STORED });
    await store.getState().certificateStored();
    expect(store.getState().phase).toBe('ready');
    expect(hashes).toEqual(['#counter']);
  });

  it('keeps a failed step on screen with the server words', async () => {
    const server = fakeServer();
    server.api.createOrganization = async () => { throw new ApiRequestError(409, 'organization_exists', 'An organization with identification 3101123456 already exists'); };
    const { store } = wizard(server);
    await store.getState().load();
    expect(await store.getState().createOrganization({ name: 'X', identification_type: '02', identification_number: '3101123456', email: 'x@y.cr' })).toBe(false);
    expect(store.getState()).toMatchObject({ step: 'organization', busy: false, error: { code: 'organization_exists' } });
  });
});
