/**
 * The documents store without a DOM: filters as the list's query, paging with the cursor, the live status
 * that stops polling once nothing waits, e-mail and void (the original shows voided once its credit note
 * is accepted), and rejections in plain words.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDocumentsApi, type DocumentsApi } from '../../../renderer/documents/api.ts';
import { NO_FILTERS, filterQuery } from '../../../renderer/documents/filters.ts';
import { createDocumentsStore, mergePage, voidStateOf } from '../../../renderer/documents/store.ts';
import { parseRecipients } from '../../../renderer/shared/email-recipients.ts';
import { rejectionView } from '../../../renderer/documents/rejections.ts';
import type { FullDocument, ListedDocument } from '../../../renderer/documents/types.ts';
import { ApiRequestError, type ApiClient } from '../../../renderer/api/client.ts';

const item = (id: number, status: string, key = `K${id}`.padEnd(50, '0')): ListedDocument => ({
  id: String(id), document_key: key, consecutive_number: String(id).padStart(20, '0'), document_type: '01', status, hacienda_status: null,
  receptor_name: 'Sol', currency: 'CRC', total: 113, created_at: '2026-11-20T16:30:00.000Z', receptor_identification: null, voided_by: null,
});
const full = (key: string, status: string, extra: Partial<FullDocument> = {}): FullDocument => ({
  id: 1, document_key: key, consecutive_number: '1'.padStart(20, '0'), document_type: '01', document_type_name: 'Factura electrónica', status,
  hacienda_status: null, hacienda_message: null, hacienda_response_at: null, receptor_name: 'Sol', currency: 'CRC', net_amount: 100, tax_amount: 13,
  total_amount: 113, rejections: [], created_at: '2026-11-20T16:30:00.000Z', receptor_identification: null, exchange_rate: null, signed_xml: '',
  pdf_path: null, voided_by: null, balance: null, referenced_document_key: null, related_documents: [], response_signature: null, ...extra,
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('documents filters', () => {
  it('sends only the filters given, in the form the server takes', () => {
    expect(filterQuery(NO_FILTERS)).toEqual({ per_page: 50 });
    const q = filterQuery({ document_type: '03', status: 'accepted', from: '2026-11-01', to: '2026-11-3', receiver: '3-102-654 321', search: ' 00100001010000000001 ' }, '42');
    expect(Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined))).toEqual({
      per_page: 50, cursor: '42', document_type: '03', status: 'accepted', from: '2026-11-01', receiver: '3102654321', search: '00100001010000000001',
    });
  });

  it('asks GET /documents with the store filters, and the next page with the cursor', async () => {
    const paths: string[] = [];
    const client = {
      request: async (_method: string, path: string) => {
        paths.push(path);
        return { data: path.includes('cursor') ? [item(1, 'accepted')] : [item(3, 'accepted'), item(2, 'accepted')], next_cursor: path.includes('cursor') ? null : '2' };
      },
      data: async () => { throw new Error('unused'); },
    } as unknown as Pick<ApiClient, 'data' | 'request'>;
    const store = createDocumentsStore(createDocumentsApi(client));
    store.getState().setFilter('status', 'accepted');
    store.getState().setFilter('receiver', '3-102-654321');
    await store.getState().refresh();
    await store.getState().loadMore();
    expect(paths).toEqual(['/documents?per_page=50&status=accepted&receiver=3102654321', '/documents?per_page=50&cursor=2&status=accepted&receiver=3102654321']);
    expect(store.getState().items.map((d) => d.id)).toEqual(['3', '2', '1']);
    expect(store.getState().nextCursor).toBeNull();
  });

  it('merges a fresh first page over pages loaded with "more"', () => {
    const loaded = [item(5, 'processing'), item(4, 'accepted'), item(3, 'accepted'), item(2, 'accepted')];
    // A new document arrived and 5 was accepted; 3 and 2 came from "more", and there is nothing past them.
    expect(mergePage(loaded, null, { data: [item(6, 'processing'), item(5, 'accepted')], next_cursor: '5' })).toEqual({
      items: [item(6, 'processing'), item(5, 'accepted'), item(4, 'accepted'), item(3, 'accepted'), item(2, 'accepted')], nextCursor: null,
    });
    // Only the first page loaded: the fresh page and its own cursor.
    expect(mergePage([item(2, 'accepted')], '2', { data: [item(3, 'accepted'), item(2, 'accepted')], next_cursor: '2' })).toEqual({ items: [item(3, 'accepted'), item(2, 'accepted')], nextCursor: '2' });
    expect(mergePage(loaded, '2', { data: [item(1, 'accepted')], next_cursor: null })).toEqual({ items: [item(1, 'accepted')], nextCursor: null });
  });
});

function fakeApi(lists: ListedDocument[][], documents: Record<string, string[]> = {}) {
  const calls = { list: 0, document: [] as string[], email: [] as unknown[], void: [] as unknown[] };
  const api: DocumentsApi = {
    list: async () => {
      calls.list++;
      return { data: lists.length > 1 ? lists.shift()! : lists[0]!, next_cursor: null };
    },
    document: async (key) => {
      calls.document.push(key);
      const statuses = documents[key] ?? ['accepted'];
      return full(key, statuses.length > 1 ? statuses.shift()! : statuses[0]!);
    },
    email: async (key, recipients) => {
      calls.email.push({ key, recipients });
      return { id: 1, status: 'pending', recipients };
    },
    void: async (key, reason) => {
      calls.void.push({ key, reason });
      return { id: 9, document_key: 'N'.repeat(50), consecutive_number: '00100001030000000001', document_type: '03', document_type_name: 'Nota de crédito electrónica', environment: 'staging', status: 'processing', queued_at: '', voids: key };
    },
  };
  return { api, calls };
}

describe('documents live status', () => {
  it('polls while a document waits for the tax authority and stops once every one is final', async () => {
    const { api, calls } = fakeApi([[item(1, 'processing')], [item(1, 'sent')], [item(1, 'accepted')]]);
    const store = createDocumentsStore(api, 3000);
    store.getState().watch();
    await store.getState().refresh();
    expect(calls.list).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(store.getState().items[0]!.status).toBe('sent');
    await vi.advanceTimersByTimeAsync(3000);
    expect(store.getState().items[0]!.status).toBe('accepted');
    expect(calls.list).toBe(3);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls.list).toBe(3);
  });

  it('does not poll a list that is all final, nor once the screen is left', async () => {
    const final = fakeApi([[item(2, 'rejected'), item(1, 'accepted')]]);
    const store = createDocumentsStore(final.api, 3000);
    store.getState().watch();
    await store.getState().refresh();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(final.calls.list).toBe(1);

    const waiting = fakeApi([[item(1, 'queued')]]);
    const left = createDocumentsStore(waiting.api, 3000);
    left.getState().watch();
    await left.getState().refresh();
    left.getState().unwatch();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(waiting.calls.list).toBe(1);
  });

  it('follows the open document until its verdict', async () => {
    const key = 'K1'.padEnd(50, '0');
    const { api, calls } = fakeApi([[item(1, 'accepted')]], { [key]: ['processing', 'accepted'] });
    const store = createDocumentsStore(api, 3000);
    store.getState().watch();
    await store.getState().refresh();
    await store.getState().open(key);
    expect(store.getState().detail?.status).toBe('processing');
    await vi.advanceTimersByTimeAsync(3000);
    expect(store.getState().detail?.status).toBe('accepted');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls.document).toHaveLength(2);
  });
});

describe('documents actions', () => {
  it('voids the open document and shows it voided once the credit note is accepted', async () => {
    const key = 'K1'.padEnd(50, '0');
    const { api, calls } = fakeApi([[item(1, 'accepted', key)]], { [key]: ['accepted'], ['N'.repeat(50)]: ['sent', 'accepted'] });
    const store = createDocumentsStore(api, 3000);
    store.getState().watch();
    await store.getState().refresh();
    await store.getState().open(key);
    expect(await store.getState().voidOpen('  Error en el precio ')).toBe(true);
    expect(calls.void).toEqual([{ key, reason: 'Error en el precio' }]);
    expect(voidStateOf(key, store.getState().voids)).toBe('voiding');
    await vi.advanceTimersByTimeAsync(3000);
    expect(voidStateOf(key, store.getState().voids)).toBe('voiding');
    await vi.advanceTimersByTimeAsync(3000);
    expect(voidStateOf(key, store.getState().voids)).toBe('voided');
    const asked = calls.document.length;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls.document).toHaveLength(asked);
  });

  it('follows a new void of the open document after its credit note was refused', async () => {
    const key = 'K1'.padEnd(50, '0');
    const again = 'M'.repeat(50);
    let voidedBy: string | null = null;
    const { api } = fakeApi([[item(1, 'accepted', key)]], { ['N'.repeat(50)]: ['rejected'], [again]: ['sent', 'accepted'] });
    const store = createDocumentsStore({ ...api, document: async (k) => (k === key ? full(key, 'accepted', { voided_by: voidedBy }) : api.document(k)) }, 3000);
    store.getState().watch();
    await store.getState().refresh();
    await store.getState().open(key);
    await store.getState().voidOpen();
    await vi.advanceTimersByTimeAsync(3000);
    expect(voidStateOf(key, store.getState().voids)).toBe('void_failed');
    voidedBy = again; // voided again from another window
    await store.getState().open(key);
    expect(store.getState().voids[key]).toMatchObject({ creditNote: again, status: 'sent' });
    expect(voidStateOf(key, store.getState().voids)).toBe('voiding');
    await vi.advanceTimersByTimeAsync(3000);
    expect(voidStateOf(key, store.getState().voids)).toBe('voided');
  });

  it('keeps the code of a failed load, so the screen can say an unreachable server in its own words', async () => {
    const { api } = fakeApi([[item(1, 'accepted')]]);
    const store = createDocumentsStore({ ...api, list: async () => { throw new ApiRequestError(0, 'network_error', 'server_unreachable'); } });
    await store.getState().refresh();
    expect(store.getState().error).toEqual({ message: 'server_unreachable', code: 'network_error' });
  });

  it('tells a refused credit note and a refused void apart', async () => {
    expect(voidStateOf('A', { A: { creditNote: 'N', consecutive: '1', status: 'rejected' } })).toBe('void_failed');
    expect(voidStateOf('B', { A: { creditNote: 'N', consecutive: '1', status: 'accepted' } })).toBeNull();
    const { api } = fakeApi([[item(1, 'accepted')]]);
    const store = createDocumentsStore({ ...api, void: async () => { throw new ApiRequestError(409, 'already_voided', 'already voided'); } });
    await store.getState().open('K');
    expect(await store.getState().voidOpen()).toBe(false);
    expect(store.getState().actionError).toEqual({ message: 'already voided', code: 'already_voided' });
  });

  it('e-mails the open document to the addresses typed', async () => {
    expect(parseRecipients('a@b.cr, c@d.cr;a@b.cr')).toEqual(['a@b.cr', 'c@d.cr']);
    expect(parseRecipients('not-an-address')).toBeNull();
    expect(parseRecipients('')).toBeNull();
    expect(parseRecipients('1@a.cr 2@a.cr 3@a.cr 4@a.cr 5@a.cr 6@a.cr')).toBeNull();
    const { api, calls } = fakeApi([[item(1, 'accepted')]]);
    const store = createDocumentsStore(api);
    await store.getState().open('K');
    expect(await store.getState().email(['a@b.cr'])).toBe(true);
    expect(calls.email).toEqual([{ key: 'K', recipients: ['a@b.cr'] }]);
    expect(store.getState().notice).toEqual({ kind: 'email', text: 'a@b.cr' });
  });
});

describe('rejections in plain words', () => {
  const plain = (code: string) => (code === '-37' ? 'Los totales no coinciden.' : null);

  it('puts a known code in the screen language, keeping the original message beside it', () => {
    expect(rejectionView({ error_code: '-37', message: 'TotalComprobante no coincide', friendly_message: 'Los totales del comprobante…', element_name: 'TotalComprobante', location: 'fila 1' }, plain))
      .toEqual({ text: 'Los totales no coinciden.', original: 'TotalComprobante no coincide', field: 'TotalComprobante', location: 'fila 1' });
  });

  it("falls back to the server's friendly text, then its message, and reads plain strings", () => {
    expect(rejectionView({ error_code: '-99', message: 'Otro', friendly_message: 'Hacienda rechazó el comprobante.' }, plain).text).toBe('Hacienda rechazó el comprobante.');
    expect(rejectionView({ message: 'Solo mensaje' }, plain)).toEqual({ text: 'Solo mensaje', original: null, field: null, location: null });
    expect(rejectionView('Texto libre', plain).text).toBe('Texto libre');
  });
});

describe('the status poll and the inactivity lock (second review of issue 15)', () => {
  it('marks only the poll\'s requests as background: a refresh or opening a document is the cashier at work', async () => {
    const seen: { path: string; background: boolean }[] = [];
    const note = (path: string, extra?: Record<string, string>) => seen.push({ path, background: extra?.['x-facturador-background'] === '1' });
    const client = {
      request: async (_method: string, path: string, _body?: unknown, extra?: Record<string, string>) => {
        note(path, extra);
        return { data: [item(1, 'processing', 'K')], next_cursor: null };
      },
      data: async (_method: string, path: string, _body?: unknown, extra?: Record<string, string>) => {
        note(path, extra);
        return full('K', 'processing', { voided_by: 'N' });
      },
    } as unknown as Pick<ApiClient, 'data' | 'request'>;
    const store = createDocumentsStore(createDocumentsApi(client));
    await store.getState().refresh();
    await store.getState().open('K');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((s) => s.background)).toEqual([]);
    seen.length = 0;
    expect(await store.getState().poll()).toBe(false); // not watching: it does not go on, but it asked
    expect(seen.map((s) => s.path).sort()).toEqual(['/documents?per_page=50', '/electronic-documents/K', '/electronic-documents/N']);
    expect(seen.every((s) => s.background)).toBe(true);
  });
});
