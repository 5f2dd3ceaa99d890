/** The recipients screen's logic without a DOM: the form's checks, the taxpayer look-up, the location pickers, saving. */
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../renderer/api/client.ts';
import { createRecipientsApi, type RecipientsApi } from '../../../renderer/recipients/api.ts';
import { applyTaxpayer, draftOf, draftProblems, emptyDraft, IDENTIFICATION_LENGTHS, IDENTIFICATION_TYPES, inputOf } from '../../../renderer/recipients/draft.ts';
import { createRecipientsStore } from '../../../renderer/recipients/store.ts';
import type { Recipient, RecipientInput, Taxpayer } from '../../../renderer/recipients/types.ts';
import { identificationLengths } from '../../../src/domain/identification.ts';

const SOL: Taxpayer = {
  cedula: '3102654321', class: '02', tipo_texto: 'Persona jurídica', nombre: 'DISTRIBUIDORA EL SOL LIMITADA', razon_social: 'DISTRIBUIDORA EL SOL LIMITADA',
  regimen: { codigo: '1', descripcion: 'Régimen General' }, situacion: { moroso: 'NO', omiso: 'NO', estado: 'Inscrito', administracion_tributaria: 'Grandes' }, actividades: [],
};

function recipient(id: number, input: Partial<RecipientInput> = {}): Recipient {
  return {
    id, name: 'Cliente', commercial_name: null, identification_type: '01', identification_number: '109990999', is_foreign: false, country_code: null,
    province: null, canton: null, district: null, neighborhood: null, other_address: null, email: null, phone: null, fax: null, notes: null,
    created_at: '', updated_at: '', ...input,
  };
}

function fakeApi(saved: Recipient[] = []) {
  const state = { saved: [...saved], calls: [] as string[], register: new Map([[SOL.cedula, SOL]]), offline: false, refuse: null as ApiRequestError | null };
  const api: RecipientsApi = {
    async list(search) {
      state.calls.push(`list ${search}`);
      const items = state.saved.filter((r) => r.name.toLowerCase().includes(search.toLowerCase()));
      return { items, pagination: { current_page: 1, per_page: 50, last_page: 1, total: items.length } };
    },
    async create(input) {
      state.calls.push(`create ${JSON.stringify(input)}`);
      if (state.refuse) throw state.refuse;
      const created = recipient(50 + state.saved.length, input);
      state.saved.push(created);
      return created;
    },
    async replace(id, input) {
      state.calls.push(`replace ${id}`);
      const replaced = recipient(id, input);
      state.saved = state.saved.map((r) => (r.id === id ? replaced : r));
      return replaced;
    },
    async remove(id) {
      state.calls.push(`remove ${id}`);
      state.saved = state.saved.filter((r) => r.id !== id);
      return null;
    },
    saved: async (identification) => state.saved.find((r) => r.identification_number === identification) ?? null,
    async taxpayer(identification) {
      state.calls.push(`taxpayer ${identification}`);
      if (state.offline) throw new ApiRequestError(503, 'service_unavailable', 'The register cannot be reached.');
      return state.register.get(identification) ?? null;
    },
    provinces: async () => [{ code: '1', name: 'San José' }, { code: '4', name: 'Heredia' }],
    cantons: async (p) => (p === '4' ? [{ code: '01', name: 'Heredia' }, { code: '02', name: 'Barva' }] : [{ code: '01', name: 'San José' }]),
    districts: async (p, c) => [{ code: '01', name: `Distrito de ${p}${c}` }],
  };
  return { api, state };
}

describe('recipient draft', () => {
  it('knows the identification lengths the server enforces', () => {
    for (const type of IDENTIFICATION_TYPES) expect(IDENTIFICATION_LENGTHS[type]).toEqual(identificationLengths(type));
  });

  it('checks identification per type, the name, e-mail, phone and a complete location', () => {
    const draft = { ...emptyDraft(), name: 'Al', identification_type: '01', identification_number: '1-0999-099', email: 'x@', phone: 'abc', province: '1' };
    expect(draftProblems(draft)).toEqual({ name: 'name', identification_number: 'length', email: 'email', phone: 'phone', location: 'location' });
    expect(draftProblems({ ...draft, identification_number: '10999099A' }).identification_number).toBe('digits');
    expect(draftProblems({ ...draft, identification_type: '02', identification_number: '3-101-ABC123' }).identification_number).toBeUndefined();
    expect(draftProblems({ ...draft, is_foreign: true, identification_number: 'P 1234567' }).identification_number).toBeUndefined();
    expect(draftProblems({ ...draft, identification_number: '' }).identification_number).toBe('required');
    expect(draftProblems({ ...emptyDraft(), name: 'Ana Mora', identification_type: '01', identification_number: '109990999', canton: '', province: '' })).toEqual({});
  });

  it('sends every member, blanks as null, the number without dashes', () => {
    const input = inputOf({ ...emptyDraft(), name: ' Ana ', identification_type: '02', identification_number: '3-101-123456', email: ' a@b.cr ' });
    expect(input).toMatchObject({ name: 'Ana', identification_number: '3101123456', email: 'a@b.cr', province: null, fax: null, is_foreign: false });
    expect(Object.keys(input).sort()).toEqual(Object.keys(draftOf(recipient(1))).sort());
  });

  it('takes the register\'s name, type and number, and keeps the rest', () => {
    const draft = applyTaxpayer({ ...emptyDraft(), identification_type: '01', email: 'compras@sol.cr', identification_number: '3-102-654321' }, SOL);
    expect(draft).toMatchObject({ name: 'DISTRIBUIDORA EL SOL LIMITADA', identification_type: '02', identification_number: '3102654321', email: 'compras@sol.cr' });
  });
});

describe('recipients store', () => {
  it('looks a new customer up in the register, fills the name, and saves with the location chosen level by level', async () => {
    const { api, state } = fakeApi();
    const store = createRecipientsStore(api);
    await store.getState().startNew();
    expect(store.getState().provinces).toHaveLength(2);
    store.getState().setDraft({ identification_number: '3-102-654321' });
    await store.getState().lookUp();
    expect(store.getState().lookup).toEqual({ state: 'found', taxpayer: SOL });
    expect(store.getState().draft).toMatchObject({ name: 'DISTRIBUIDORA EL SOL LIMITADA', identification_type: '02' });

    await store.getState().setProvince('4');
    expect(store.getState().cantons.map((c) => c.name)).toEqual(['Heredia', 'Barva']);
    await store.getState().setCanton('02');
    expect(store.getState().districts).toEqual([{ code: '01', name: 'Distrito de 402' }]);
    store.getState().setDraft({ district: '01' });
    await store.getState().setProvince('1'); // another province empties canton and district
    expect(store.getState().draft).toMatchObject({ province: '1', canton: '', district: '' });
    expect(store.getState().districts).toEqual([]);
    expect(await store.getState().save()).toBe(false); // province without canton and district
    expect(state.calls.filter((c) => c.startsWith('create'))).toEqual([]);

    await store.getState().setCanton('01');
    store.getState().setDraft({ district: '01' });
    expect(await store.getState().save()).toBe(true);
    expect(state.saved[0]).toMatchObject({ name: 'DISTRIBUIDORA EL SOL LIMITADA', identification_number: '3102654321', province: '1', canton: '01', district: '01' });
    expect(store.getState()).toMatchObject({ openId: state.saved[0]!.id, saved: true, items: [expect.objectContaining({ identification_number: '3102654321' })] });
  });

  it('offers the saved customer instead of a second one with the same identification', async () => {
    const existing = recipient(7, { name: 'Juan Pérez' });
    const { api, state } = fakeApi([existing]);
    const store = createRecipientsStore(api);
    await store.getState().startNew();
    store.getState().setDraft({ identification_number: '109990999' });
    await store.getState().lookUp();
    expect(store.getState().lookup).toEqual({ state: 'saved', recipient: existing });
    expect(state.calls.some((c) => c.startsWith('taxpayer'))).toBe(false);
    // The customer itself, when open, is looked up in the register as usual.
    await store.getState().open(existing);
    await store.getState().lookUp();
    expect(store.getState().lookup).toEqual({ state: 'not_found' });
  });

  it('drops a look-up answer once another customer is open or the number was retyped', async () => {
    const other = recipient(9, { name: 'Ana Mora', identification_number: '109990999' });
    const { api } = fakeApi([other]);
    let answer: (() => void) | undefined;
    const slow: RecipientsApi = { ...api, taxpayer: (identification) => new Promise((resolve) => { answer = () => void api.taxpayer(identification).then(resolve); }) };
    const store = createRecipientsStore(slow);
    await store.getState().startNew();
    store.getState().setDraft({ identification_number: '3102654321' });
    const asked = store.getState().lookUp();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await store.getState().open(other); // meanwhile, another customer
    answer!();
    await asked;
    expect(store.getState().draft).toMatchObject({ name: 'Ana Mora', identification_number: '109990999' });
    expect(store.getState().lookup).toBeNull();

    await store.getState().startNew();
    store.getState().setDraft({ identification_number: '3102654321' });
    const again = store.getState().lookUp();
    await new Promise((resolve) => setTimeout(resolve, 0));
    store.getState().setDraft({ identification_number: '3102654322' }); // retyped meanwhile
    answer!();
    await again;
    expect(store.getState().draft).toMatchObject({ name: '', identification_number: '3102654322' });
    expect(store.getState().lookup).toBeNull();
  });

  it('keeps the form usable by hand when the register cannot be asked', async () => {
    const { api, state } = fakeApi();
    state.offline = true;
    const store = createRecipientsStore(api);
    await store.getState().startNew();
    store.getState().setDraft({ identification_number: '3102654321', name: 'Sol' });
    await store.getState().lookUp();
    expect(store.getState().lookup).toEqual({ state: 'unavailable', message: 'The register cannot be reached.' });
    expect(store.getState().draft?.name).toBe('Sol');
    expect(store.getState().error).toBeNull();
  });

  it('shows the server\'s refusal per field and replaces an existing customer whole', async () => {
    const { api, state } = fakeApi([recipient(3, { name: 'Ana Mora', fax: '2222-3333', province: '4', canton: '02', district: '01' })]);
    const store = createRecipientsStore(api);
    await store.getState().load();
    await store.getState().open(store.getState().items[0]!);
    expect(store.getState().districts).toHaveLength(1); // the pickers of its location are ready
    store.getState().setDraft({ email: 'ana@mora.cr' });
    await store.getState().save();
    expect(state.calls).toContain('replace 3');
    expect(state.saved[0]).toMatchObject({ email: 'ana@mora.cr', fax: '2222-3333', district: '01' });

    state.refuse = new ApiRequestError(422, 'validation_error', 'Bad', { identification_number: ['An identification of type 01 has 9 characters.'] });
    await store.getState().startNew();
    store.getState().setDraft({ name: 'Nuevo', identification_type: '01', identification_number: '109990999' });
    expect(await store.getState().save()).toBe(false);
    expect(store.getState().fieldErrors).toEqual({ identification_number: ['An identification of type 01 has 9 characters.'] });
    expect(store.getState().openId).toBe('new');
  });

  it('searches by what is typed and deletes the open customer', async () => {
    const { api, state } = fakeApi([recipient(1, { name: 'Ana' }), recipient(2, { name: 'Beto', identification_number: '205550555' })]);
    const store = createRecipientsStore(api);
    store.getState().setSearch('bet');
    await store.getState().load();
    expect(store.getState().items.map((r) => r.name)).toEqual(['Beto']);
    await store.getState().open(store.getState().items[0]!);
    await store.getState().remove();
    expect(state.calls).toContain('remove 2');
    expect(store.getState()).toMatchObject({ openId: null, draft: null, items: [] });
  });
});

describe('recipients api', () => {
  it('asks the register by cédula and takes whichever array answers; a 404 look-up is none', async () => {
    const seen: string[] = [];
    const client = {
      data: async <T>(method: string, path: string) => {
        seen.push(`${method} ${path}`);
        if (path.startsWith('/recipients/lookup')) throw new ApiRequestError(404, 'recipient_not_found', 'none');
        return { cedulas_juridicas: [SOL] } as T;
      },
      request: async <T>() => ({ data: [], pagination: { current_page: 1, per_page: 50, last_page: 1, total: 0 } }) as T,
    };
    const api = createRecipientsApi(client);
    expect(await api.taxpayer('3102654321')).toEqual(SOL);
    expect(await api.saved('3102654321')).toBeNull();
    expect(seen).toEqual(['GET /hacienda/taxpayers?cedula=3102654321', 'GET /recipients/lookup?identification=3102654321']);
  });
});
