/**
 * Shifts over real HTTP (docs/tills.md, "Shifts"): a till's shift opened with a float (one per till); tickets
 * and a cash refund (credit note) issued on that till through POST /electronic-documents carry its shift_id
 * (one on another till does not); cash in and out; the X report while open; the close with a count by
 * denomination; the Z report and its PDF; the day's Z; 409 shift_closed; the report printed on the raw-TCP
 * test printer and read back as text; and a cashier's session that may not close another cashier's shift.
 * A real server, real sqlite, a real browser session for the cashiers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { giveCertificate, seedOrganization, startTestServer, type SeededOrganization, type TestServer } from './harness.ts';
import { exampleRequest, type Body } from '../fixtures/example-requests.ts';
import { portOf, rawRequest, type RawReply } from '../helpers/raw-http.ts';
import { pdfText } from '../helpers/pdf.ts';
import { TestPrinter } from '../helpers/escpos-printer.ts';
import { Dec } from '../../src/domain/money.ts';
import { costaRicaDate } from '../../src/domain/costa-rica-time.ts';
import { insertPrinter } from '../../src/store/printers.ts';

let t: TestServer;
let org: SeededOrganization;
let printer: TestPrinter;

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.call(method, path, { key: org.key, body, headers: { 'accept-language': 'en', ...headers } });

/** A ticket on branch 001, terminal `terminal`: one line of ₡4 500 + 13 % = ₡5 085, paid as `payment` says. */
function ticket(terminal: string, payment: unknown, over: (body: Body) => void = () => {}): Body {
  const body = exampleRequest('04-tiquete', new Date(Date.now() - 60_000));
  delete body['document'].sucursal;
  delete body['document'].punto_venta;
  body['document'].terminal = terminal;
  body['commercial_info'].payment_method = payment;
  over(body);
  return body;
}

async function issue(body: Body): Promise<string> {
  const res = await call('POST', '/electronic-documents', body);
  expect(res.status, res.text).toBe(201);
  return res.body.data.document_key as string;
}

const shiftOf = (clave: string) =>
  (t.server.core.store.db.$client.prepare('SELECT shift_id FROM documents WHERE clave = ?').get(clave) as { shift_id: number | null }).shift_id;

beforeAll(async () => {
  t = await startTestServer();
  org = seedOrganization(t);
  await giveCertificate(t, org);
  printer = await TestPrinter.start();
});
afterAll(async () => {
  await printer.off();
  await t.close();
});

describe('a shift on till 001-00007', () => {
  let id: number;
  const claves: Record<string, string> = {};

  it('opens with a float; a second open on the same till is 409; the request is checked', async () => {
    const opened = await call('POST', '/shifts', { terminal: '7', opening_float: '50000' });
    expect(opened.status, opened.text).toBe(201);
    expect(opened.body.data).toMatchObject({ branch: '001', terminal: '00007', environment: 'staging', state: 'open', opening_float: '50000.00000', opened_by: null, closed_at: null, counts: null, figures: null });
    id = opened.body.data.id;
    const again = await call('POST', '/shifts', { terminal: '00007', branch: '1', opening_float: 0 });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('shift_already_open');
    const spanish = await call('POST', '/shifts', { terminal: '7', opening_float: 0 }, { 'accept-language': 'es' });
    expect(spanish.body.error.message).toBe('La caja 001-00007 ya tiene un turno abierto: ciérrelo primero.');
    const bad = await call('POST', '/shifts', { terminal: '8', opening_float: '-1' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.errors)).toEqual(['opening_float']);
    expect((await call('POST', '/shifts', { terminal: 'abc', opening_float: 1 })).status).toBeGreaterThanOrEqual(400);
    expect((await call('POST', '/shifts', { terminal: '8', opening_float: '1.123456' })).status).toBe(422);
    const current = await call('GET', '/shifts/current?terminal=7');
    expect([current.status, current.body.data.id]).toEqual([200, id]);
    const none = await call('GET', '/shifts/current?terminal=8');
    expect([none.status, none.body.error.code]).toEqual([404, 'no_open_shift']);
    expect((await call('GET', '/shifts/999999')).status).toBe(404);
    expect((await call('GET', '/shifts/abc')).status).toBe(404);
  });

  it('documents issued on the till carry its shift; one on another till does not', async () => {
    claves.cash = await issue(ticket('7', 'cash'));
    claves.card = await issue(ticket('00007', 'card'));
    // ₡2 000 in cash, the rest (₡3 085) by SINPE Móvil
    claves.split = await issue(ticket('7', [{ method: 'cash', amount: '2000' }, { method: 'sinpe' }]));
    // US$10 + 13 % = US$11.30 at ₡505.25 = ₡5 709.325, cash
    claves.dollars = await issue(ticket('7', 'cash', (b) => {
      b['commercial_info'].currency = 'USD';
      b['commercial_info'].exchange_rate = '505.25';
      b['items'][0].price = 10;
    }));
    claves.elsewhere = await issue(ticket('8', 'cash'));
    // A return of ₡1 000 + 13 % = ₡1 130 of the cash ticket, paid back in cash: a credit note on the till.
    const refund = exampleRequest('03-nota-credito', new Date(Date.now() - 60_000));
    refund['document'].terminal = '7';
    refund['commercial_info'].payment_method = 'cash';
    refund['items'] = [{ cabys_code: '6331000000000', quantity: 1, unit: 'Os', description: 'Almuerzo devuelto', price: 1000, tax: { type: '01', rate_type: '08' } }];
    refund['reference'] = { document_type: '04', number: claves.cash, date: new Date(Date.now() - 60_000).toISOString(), code: '02', reason: 'Devolución de un almuerzo' };
    claves.refund = await issue(refund);
    for (const key of ['cash', 'card', 'split', 'dollars', 'refund']) expect(shiftOf(claves[key]!), key).toBe(id);
    expect(shiftOf(claves.elsewhere)).toBeNull();
  });

  it('records cash in and out; an amount of 0 or without a reason is refused', async () => {
    const put = await call('POST', `/shifts/${id}/movements`, { kind: 'in', amount: '10000', reason: 'Sencillo del banco' });
    expect(put.status, put.text).toBe(201);
    expect(put.body.data).toMatchObject({ shift_id: id, kind: 'in', amount: '10000.00000', reason: 'Sencillo del banco', cashier: null });
    expect((await call('POST', `/shifts/${id}/movements`, { kind: 'out', amount: 4000.5, reason: 'Pago al proveedor de hielo' })).status).toBe(201);
    const zero = await call('POST', `/shifts/${id}/movements`, { kind: 'out', amount: '0', reason: 'x' });
    expect([zero.status, Object.keys(zero.body.error.errors)]).toEqual([422, ['amount']]);
    expect((await call('POST', `/shifts/${id}/movements`, { kind: 'out', amount: '1', reason: '   ' })).status).toBe(422);
    expect((await call('POST', `/shifts/${id}/movements`, { kind: 'sideways', amount: '1', reason: 'x' })).status).toBe(422);
  });

  it('answers the X report while open', async () => {
    const x = await call('GET', `/shifts/${id}/report`);
    expect(x.status, x.text).toBe(200);
    const r = x.body.data;
    expect(r.kind).toBe('X');
    // 5 085 × 3 + 5 709.325, less the ₡1 130 returned
    expect(r.totals).toMatchObject({ documents: 5, sales: '20964.32500', refunds: '1130.00000', net: '19834.32500' });
    // 50 000 + 5 085 + 2 000 + 5 709.325 − 1 130 + 10 000 − 4 000.50
    expect(r.cash.expected).toBe('67663.82500');
    expect(r.by_method[0]).toEqual({ method: 'cash', sales: '12794.32500', refunds: '1130.00000', net: '11664.32500' });
    expect(r.count.counted).toBeNull();
    expect(r.documents.map((d: { clave: string }) => d.clave).sort()).toEqual([claves.cash, claves.card, claves.split, claves.dollars, claves.refund].sort());
  });

  it('closes with a count by denomination: the Z figures, the difference, and they reconcile with the documents', async () => {
    // 3 × 20 000 + 5 000 + 2 000 + 500 + 100 + 50 + 10 = ₡67 660: ₡3.825 short
    const denominations = { '20000': 3, '5000': 1, '2000': 1, '500': 1, '100': 1, '50': 1, '10': 1 };
    const wrong = await call('POST', `/shifts/${id}/close`, { counts: { cash: { denominations: { '3000': 1 } } } });
    expect([wrong.status, Object.keys(wrong.body.error.errors)]).toEqual([422, ['counts.cash.denominations.3000']]);
    const closed = await call('POST', `/shifts/${id}/close`, { counts: { cash: { denominations }, card: '5085', sinpe_movil: '3085' } });
    expect(closed.status, closed.text).toBe(200);
    const shift = closed.body.data;
    expect(shift).toMatchObject({ state: 'closed', difference: '-3.82500', counts: { cash: '67660.00000', card: '5085.00000', sinpe_movil: '3085.00000', transfer: '0.00000', denominations } });
    const z = shift.figures;
    expect(z.kind).toBe('Z');
    expect(z.count.methods.slice(0, 3)).toEqual([
      { method: 'cash', expected: '67663.82500', counted: '67660.00000', difference: '-3.82500' },
      { method: 'card', expected: '5085.00000', counted: '5085.00000', difference: '0.00000' },
      { method: 'sinpe_movil', expected: '3085.00000', counted: '3085.00000', difference: '0.00000' },
    ]);
    expect(z.currencies).toEqual([
      { currency: 'CRC', count: 4, total: '14125.00000', total_crc: '14125.00000', by_method: [{ method: 'cash', net: '5955.00000' }, { method: 'card', net: '5085.00000' }, { method: 'sinpe_movil', net: '3085.00000' }] },
      { currency: 'USD', count: 1, total: '11.30000', total_crc: '5709.32500', by_method: [{ method: 'cash', net: '11.30000' }] },
    ]);
    // The Z reconciles with what the store holds for those documents, to the last decimal.
    const rows = t.server.core.store.db.$client.prepare('SELECT document_type, total_amount, exchange_rate, currency FROM documents WHERE shift_id = ?').all(id) as { document_type: string; total_amount: string; exchange_rate: string | null; currency: string }[];
    const colones = (r: (typeof rows)[number]) => new Dec(r.total_amount).times(r.currency === 'CRC' ? 1 : r.exchange_rate!).toDecimalPlaces(5);
    const stored = rows.reduce((s, r) => (r.document_type === '03' ? s.minus(colones(r)) : s.plus(colones(r))), new Dec(0));
    expect(stored.toFixed(5)).toBe(z.totals.net);
    const listed = z.documents.reduce((s: Dec, d: { total_crc: string }) => s.plus(d.total_crc), new Dec(0));
    expect(listed.toFixed(5)).toBe(z.totals.net);
    expect(z.tax).toEqual([{ rate_code: '08', base: '17552.50000', tax: '2281.82500' }]);
  });

  it('refuses movements and a second close: 409 shift_closed; the till opens again', async () => {
    const move = await call('POST', `/shifts/${id}/movements`, { kind: 'in', amount: '1', reason: 'late' });
    expect([move.status, move.body.error.code]).toEqual([409, 'shift_closed']);
    expect((await call('POST', `/shifts/${id}/close`, {})).body.error.code).toBe('shift_closed');
    expect((await call('GET', '/shifts/current?terminal=7')).status).toBe(404);
    const list = await call('GET', '/shifts?state=closed&terminal=7');
    expect(list.body.data.map((s: { id: number }) => s.id)).toEqual([id]);
    expect(list.body.next_cursor).toBeNull();
  });

  it('answers the Z report as kept at close, and as a PDF', async () => {
    const z = await call('GET', `/shifts/${id}/report`);
    const closed = await call('GET', `/shifts/${id}`);
    expect(z.body.data).toEqual(closed.body.data.figures);
    const pdf = await fetch(`${t.url}/api/v1/shifts/${id}/report?format=pdf`, { headers: { authorization: `Bearer ${org.key}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="turno-${id}-z.pdf"`);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain('Reporte Z (cierre de turno)');
    expect(text).toContain('-₡3.83');
  });

  it('answers the day\'s Z over the shifts closed that day (Costa Rica time)', async () => {
    const today = costaRicaDate(new Date());
    const day = await call('GET', `/shifts/daily-report?date=${today}`);
    expect(day.status, day.text).toBe(200);
    expect(day.body.data).toMatchObject({ kind: 'day', date: today, totals: { documents: 5, net: '19834.32500' }, count: { difference: '-3.82500' } });
    expect(day.body.data.shifts.map((s: { id: number }) => s.id)).toEqual([id]);
    const yesterday = costaRicaDate(new Date(Date.now() - 86_400_000));
    expect((await call('GET', `/shifts/daily-report?date=${yesterday}`)).body.data.shifts).toEqual([]);
    expect((await call('GET', '/shifts/daily-report?date=2026-02-30')).status).toBe(400);
    const pdf = await fetch(`${t.url}/api/v1/shifts/daily-report?date=${today}&format=pdf`, { headers: { authorization: `Bearer ${org.key}` } });
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('prints the Z report on the till\'s printer, read back as text and a cut', async () => {
    const noPrinter = await call('POST', `/shifts/${id}/report/print`, {});
    expect([noPrinter.status, noPrinter.body.error.code]).toEqual([422, 'no_printer']);
    const row = insertPrinter(t.server.core.store.db, org.row.id, {
      name: 'Caja 7', connection: 'network', host: printer.host, port: printer.port, osName: null, branch: '001', terminal: '00007',
      drawer: true, printOnIssue: false, setup: { paper: '80mm', codepage: 'cp850', colon: 'cent', qr: false, logo: false },
    }, new Date());
    const jobs = printer.waitForJobs(1);
    const printed = await call('POST', `/shifts/${id}/report/print`, undefined, { 'accept-language': 'es' });
    expect(printed.status, printed.text).toBe(200);
    expect(printed.body.data).toEqual({ printed: true, printer_id: row.id });
    const [job] = await jobs;
    const text = job!.text.join('\n');
    expect(text).toContain('Reporte Z (cierre de turno)');
    expect(text).toMatch(/Diferencia +-¢3\.83/);
    expect(text).toMatch(/Esperado +¢67,663\.83/);
    expect(text).toContain('¢20,000.00 x 3');
    expect(job!.commands.some((c) => c.type === 'cut')).toBe(true);
    // A report moves no money: the drawer stays shut.
    expect(job!.commands.some((c) => c.type === 'drawer')).toBe(false);
    expect((await call('POST', `/shifts/${id}/report/print`, { printer_id: 999999 })).status).toBe(404);
  });
});

describe('cashiers on the screens', () => {
  const CSRF = { 'x-facturador-csrf': '1' };

  async function session(): Promise<(method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<RawReply>> {
    const login = await rawRequest(portOf(t.url), { method: 'POST', path: '/login', headers: { 'content-type': 'application/json', ...CSRF }, body: JSON.stringify({ token: t.server.app.browserSessions.issueLoginToken() }) });
    expect(login.status).toBe(204);
    const cookie = String(login.headers['set-cookie']?.[0]).split(';')[0]!;
    return (method, path, body, headers = {}) => rawRequest(portOf(t.url), {
      method, path: `/api/v1${path}`,
      headers: { cookie, 'accept-language': 'en', ...(method === 'GET' ? {} : CSRF), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  it('a cashier closes its own shift, not another cashier\'s; a supervisor may', async () => {
    const owner = await session();
    const created: Record<string, number> = {};
    for (const [name, pin, role] of [['Marta', '482193', 'owner'], ['Ana', '1111', 'cashier'], ['Luis', '2222', 'cashier'], ['Jorge', '5151', 'supervisor']] as const) {
      if (name !== 'Marta') expect((await owner('POST', '/session/cashier', { cashier_id: created['Marta'], pin: '482193' })).status).toBe(200);
      const res = await owner('POST', '/cashiers', { name, pin, role });
      expect(res.status, res.text).toBe(201);
      created[name] = res.body.data.id;
    }
    const ana = await session();
    expect((await ana('POST', '/session/cashier', { cashier_id: created['Ana'], pin: '1111' })).status).toBe(200);
    const opened = await ana('POST', '/shifts', { terminal: '9', opening_float: '20000' });
    expect(opened.status, opened.text).toBe(201);
    expect(opened.body.data.opened_by).toEqual({ id: created['Ana'], name: 'Ana' });
    const shift = opened.body.data.id;
    const moved = await ana('POST', `/shifts/${shift}/movements`, { kind: 'out', amount: '500', reason: 'Bolsas' });
    expect(moved.body.data.cashier).toEqual({ id: created['Ana'], name: 'Ana' });

    const luis = await session();
    expect((await luis('POST', '/session/cashier', { cashier_id: created['Luis'], pin: '2222' })).status).toBe(200);
    const refused = await luis('POST', `/shifts/${shift}/close`, { counts: { cash: { amount: '19500' } } });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'role_forbidden', action: 'other_shift' });
    expect((await luis('GET', `/shifts/${shift}/report`)).status).toBe(403);
    expect((await luis('POST', `/shifts/${shift}/movements`, { kind: 'in', amount: '1', reason: 'x' })).status).toBe(403);
    expect((await luis('GET', `/shifts/daily-report?date=${costaRicaDate(new Date())}`)).status).toBe(403);

    const own = await ana('GET', `/shifts/${shift}/report`);
    expect([own.status, own.body.data.cash.expected]).toEqual([200, '19500.00000']);
    const jorge = await session();
    expect((await jorge('POST', '/session/cashier', { cashier_id: created['Jorge'], pin: '5151' })).status).toBe(200);
    const closed = await jorge('POST', `/shifts/${shift}/close`, { counts: { cash: { amount: '19500' } } });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.data).toMatchObject({ closed_by: { id: created['Jorge'], name: 'Jorge' }, difference: '0.00000' });

    // Another cashier reads neither the shift (its Z, its count) nor the list's figures of it.
    const other = await luis('GET', `/shifts/${shift}`);
    expect(other.status, other.text).toBe(403);
    expect(other.body.error).toMatchObject({ code: 'role_forbidden', action: 'other_shift', approvable: true, target: String(shift) });
    expect(other.text).not.toContain('19500');
    const mine = await ana('GET', `/shifts/${shift}`);
    expect([mine.status, mine.body.data.figures.kind]).toEqual([200, 'Z']);
    const luisOwn = await luis('POST', '/shifts', { terminal: '10', opening_float: '100' });
    expect(luisOwn.status, luisOwn.text).toBe(201);
    for (const query of ['', '?state=closed', `?cashier_id=${created['Ana']}`, '?terminal=9']) {
      const list = await luis('GET', `/shifts${query}`);
      expect(list.status, query).toBe(200);
      expect(list.body.data.every((s: { opened_by: { id: number } | null }) => s.opened_by?.id === created['Luis']), query).toBe(true);
    }
    expect((await luis('GET', '/shifts')).body.data.map((s: { id: number }) => s.id)).toEqual([luisOwn.body.data.id]);
    expect((await jorge('GET', `/shifts?cashier_id=${created['Ana']}`)).body.data.map((s: { id: number }) => s.id)).toContain(shift);
    // A supervisor's approval for this shift lets Luis read it once; one for another shift does not.
    const approve = (target: string) => luis('POST', '/session/approvals', { cashier_id: created['Jorge'], pin: '5151', action: 'other_shift', target });
    const elsewhere = { 'x-facturador-approval': (await approve(String(luisOwn.body.data.id))).body.data.approval };
    expect((await luis('GET', `/shifts/${shift}`, undefined, elsewhere)).status).toBe(403);
    const forIt = { 'x-facturador-approval': (await approve(String(shift))).body.data.approval };
    expect((await luis('GET', `/shifts/${shift}`, undefined, forIt)).status).toBe(200);
    expect((await luis('GET', `/shifts/${shift}`, undefined, forIt)).status).toBe(403);
  });
});

describe('any body', () => {
  it('is answered with a 4xx in the envelope or done, never a 5xx', async () => {
    const opened = await call('POST', '/shifts', { terminal: '55', opening_float: '1' });
    const id = opened.body.data.id as number;
    const routes = ['/shifts', `/shifts/${id}/movements`, `/shifts/${id}/close`, `/shifts/${id}/report/print`];
    const odd = fc.oneof(
      fc.jsonValue(),
      fc.record({ terminal: fc.jsonValue(), opening_float: fc.jsonValue(), branch: fc.jsonValue() }, { requiredKeys: [] }),
      fc.record({ kind: fc.constantFrom('in', 'out', 'x'), amount: fc.jsonValue(), reason: fc.jsonValue() }, { requiredKeys: [] }),
      fc.record({ counts: fc.oneof(fc.jsonValue(), fc.record({ cash: fc.oneof(fc.jsonValue(), fc.record({ denominations: fc.dictionary(fc.constantFrom('20000', '5', '3', 'x', '__proto__'), fc.jsonValue()), amount: fc.jsonValue() }, { requiredKeys: [] })), card: fc.jsonValue() }, { requiredKeys: [] })) }, { requiredKeys: [] }),
    );
    await fc.assert(fc.asyncProperty(fc.constantFrom(...routes), odd, async (path, body) => {
      const res = await call('POST', path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}: ${res.text}`).toBeLessThan(500);
      if (res.status >= 400) expect(res.body.success).toBe(false);
    }), { numRuns: 300 });
    for (const query of ['date=', 'date=x', 'date=2026-13-01', 'date=9999-99-99&format=pdf', 'date=2026-11-27&format=xml']) {
      expect((await call('GET', `/shifts/daily-report?${query}`)).status, query).toBe(400);
    }
    for (const query of ['from=x', 'from=2026-13-01', 'to=2026-02-30', 'from=2026-11-27&to=9999-99-99', 'limit=0', 'cursor=-1', 'state=x', 'cashier_id=abc', 'terminal=123456']) {
      expect((await call('GET', `/shifts?${query}`)).status, query).toBe(400);
    }
  });
});
