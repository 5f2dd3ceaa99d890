/**
 * The shift screen's store (renderer/tills/shift-store.ts) against a small in-memory till: typed amounts
 * refused before anything is sent, the close's counts as sent, and the Z kept on screen after the close.
 */
import { describe, expect, it } from 'vitest';
import { ApiRequestError, createClient } from '../../../renderer/api/client.ts';
import { endpointFor } from '../../../renderer/api/endpoint.ts';
import { APPROVAL_HEADER } from '../../../renderer/shared/approval/with-approval.ts';
import type { ApprovalAsk } from '../../../renderer/shared/approval/store.ts';
import { createShiftStore, ShiftProblem } from '../../../renderer/tills/shift-store.ts';
import { shiftsApi, type ShiftsApi } from '../../../renderer/tills/api.ts';
import type { CloseCounts, Shift, ShiftReport } from '../../../renderer/tills/types.ts';

const TILL = { branch: '001', terminal: '00001' };

/** One till: at most one open shift, movements and a close recorded as sent. */
function till() {
  let open: Shift | null = null;
  let closed: Shift | null = null;
  const sent: { opened: string[]; moves: unknown[]; closes: CloseCounts[] } = { opened: [], moves: [], closes: [] };
  const report = (shift: Shift) => ({ kind: shift.closed_at ? 'Z' : 'X', count: { methods: [] } }) as unknown as ShiftReport;
  const api: ShiftsApi = {
    current: async () => {
      if (!open) throw new ApiRequestError(404, 'no_open_shift', 'No hay turno abierto.');
      return open;
    },
    open: async (_till, float) => {
      sent.opened.push(float);
      open = { id: 7, branch: '001', terminal: '00001', state: 'open', opening_float: float, opened_at: '2026-11-27T14:00:00Z', closed_at: null, opened_by: null };
      return open;
    },
    move: async (id, kind, amount, reason) => {
      sent.moves.push({ id, kind, amount, reason });
      return { id: 1, shift_id: id, kind, amount, reason, cashier: null, created_at: '' };
    },
    close: async (_id, counts) => {
      sent.closes.push(counts);
      closed = { ...open!, state: 'closed', closed_at: '2026-11-27T22:00:00Z' };
      open = null;
      return closed;
    },
    report: async (id) => report(open?.id === id ? open : closed!),
    print: async () => ({ printed: true, printer_id: 1 }),
    daily: async () => report(closed!),
    reportPdf: async (id) => new Blob([`%PDF turno ${id}`], { type: 'application/pdf' }),
    dailyPdf: async (date) => new Blob([`%PDF ${date}`], { type: 'application/pdf' }),
    recent: async () => [],
  };
  return { api, sent };
}

describe('the shift store', () => {
  it('opens with the float as typed, refusing what it cannot read', async () => {
    const t = till();
    const store = createShiftStore(t.api);
    await store.getState().load(TILL);
    expect(store.getState()).toMatchObject({ loaded: true, shift: null });
    expect(await store.getState().open('1.000')).toBe(false); // a thousand, or one?
    expect(store.getState().error).toBeInstanceOf(ShiftProblem);
    expect(t.sent.opened).toEqual([]);
    expect(await store.getState().open('20 000')).toBe(true);
    expect(t.sent.opened).toEqual(['20000']);
    expect(store.getState().report?.kind).toBe('X');
  });

  it('records cash out with a reason only, and closes with the count by denomination', async () => {
    const t = till();
    const store = createShiftStore(t.api);
    await store.getState().load(TILL);
    await store.getState().open('');
    expect(t.sent.opened).toEqual(['0']);
    expect(await store.getState().move('out', '5000', '  ')).toBe(false);
    expect((store.getState().error as ShiftProblem).problem).toBe('reason');
    expect(await store.getState().move('out', '5000', 'Pago a proveedor')).toBe(true);
    expect(t.sent.moves).toEqual([{ id: 7, kind: 'out', amount: '5000', reason: 'Pago a proveedor' }]);

    expect(await store.getState().close({ pieces: { '1000': 'dos' }, card: '', sinpe_movil: '', transfer: '' })).toBe(false);
    expect(store.getState().error).toMatchObject({ problem: 'count', field: 'piece-1000' });
    expect(await store.getState().close({ pieces: { '10000': '1', '1000': '2' }, card: '3500', sinpe_movil: '', transfer: '' })).toBe(true);
    expect(t.sent.closes).toEqual([{ cash: { denominations: { '10000': 1, '1000': 2 } }, card: '3500', sinpe_movil: '0', transfer: '0' }]);
    expect(store.getState().report?.kind).toBe('Z');

    // Back on the screen later: no open shift, and the Z just closed stays until dismissed.
    await store.getState().load(TILL);
    expect(store.getState().shift?.closed_at).not.toBeNull();
    store.getState().dismiss();
    expect(store.getState().shift).toBeNull();
  });
});

describe("the report's PDF (second review of issue 15)", () => {
  /** A server that refuses another's shift to a cashier unless a supervisor approved it, and answers the PDF. */
  function pdfServer() {
    const seen: { url: string; approval: string | null }[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      const approval = (init.headers as Record<string, string>)[APPROVAL_HEADER] ?? null;
      seen.push({ url, approval });
      if (approval !== 'tok-7') {
        return new Response(JSON.stringify({ success: false, error: { code: 'role_forbidden', message: 'Solo un supervisor.', action: 'other_shift', approvable: true, target: '7' } }), { status: 403 });
      }
      return new Response('%PDF-1.7 Z', { status: 200, headers: { 'content-type': 'application/pdf' } });
    }) as typeof fetch;
    return { seen, client: createClient(endpointFor(undefined), fetchImpl) };
  }

  it("is fetched with the supervisor's approval a link could not carry, and saved as a file", async () => {
    const { seen, client } = pdfServer();
    const asked: ApprovalAsk[] = [];
    const api = shiftsApi(client, async (ask) => {
      asked.push(ask);
      return 'tok-7';
    });
    const saved: { name: string; text: string }[] = [];
    const store = createShiftStore({ ...till().api, reportPdf: api.reportPdf, dailyPdf: api.dailyPdf }, (blob, name) => {
      void blob.text().then((text) => saved.push({ name, text }));
    });
    await store.getState().load(TILL);
    await store.getState().open('0');
    expect(await store.getState().pdf()).toBe(true);
    expect(asked).toEqual([{ action: 'other_shift', target: '7' }]);
    expect(seen.map((s) => s.approval)).toEqual([null, 'tok-7']);
    expect(seen[1]!.url).toMatch(/\/shifts\/7\/report\?format=pdf$/);
    expect(await store.getState().dailyPdf('2026-11-27')).toBe(true);
    expect(seen[3]).toMatchObject({ approval: 'tok-7' });
    expect(seen[3]!.url).toMatch(/\/shifts\/daily-report\?date=2026-11-27&format=pdf$/);
    await new Promise((r) => setTimeout(r, 0));
    expect(saved).toEqual([{ name: 'turno-7.pdf', text: '%PDF-1.7 Z' }, { name: 'cierre-2026-11-27.pdf', text: '%PDF-1.7 Z' }]);
  });

  it('keeps the refusal when nobody approves, and saves nothing', async () => {
    const { client } = pdfServer();
    const api = shiftsApi(client, async () => null);
    let saves = 0;
    const store = createShiftStore({ ...till().api, reportPdf: api.reportPdf }, () => { saves += 1; });
    await store.getState().load(TILL);
    await store.getState().open('0');
    expect(await store.getState().pdf()).toBe(false);
    expect(store.getState().error).toMatchObject({ code: 'role_forbidden' });
    expect(saves).toBe(0);
  });
});
