/**
 * The automatic receipt and POST /documents/{key}/print (docs/tills.md, "Printers"), over HTTP on a real
 * server with the raw-TCP test printer (test/helpers/escpos-printer.ts): a ticket issued on terminal 00002,
 * whose network printer has a drawer, is answered before the printer takes a byte, then printed with the
 * drawer pulse (cash), its clave and consecutive; a printer that is off leaves the sale issued and the
 * document "failed" with the reason, until POST /documents/{key}/print prints it; a reprint says COPIA and
 * keeps the drawer shut. Also: X-Cash-Received, an idempotent retry printed once, tills without a printer,
 * and a print cut short by a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveCertificate, organizationSeeder, startTestServer, type SeededOrganization, type TestServer } from './harness.ts';
import { exampleRequest, type Body } from '../fixtures/example-requests.ts';
import { TestPrinter, type PrintedJob } from '../helpers/escpos-printer.ts';
import { eq } from 'drizzle-orm';
import { documentPrint, markPrinting, recordDrawerOpened, recordNotPrinted } from '../../src/store/document-prints.ts';
import { documents } from '../../src/store/schema.ts';

let t: TestServer;
const seed = organizationSeeder(() => t, 3101700200);

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t.close());

/** A cash ticket of the organization's till 001-00002 (or `terminal`), dated a minute ago. */
function cashTicket(org: SeededOrganization, terminal = '2', paymentMethod = 'cash'): Body {
  const body = exampleRequest('04-tiquete', new Date(Date.now() - 60_000));
  body['issuer'] = { ...body['issuer'], id: org.row.identificationNumber };
  body['document'] = { ...body['document'], sucursal: '001', punto_venta: terminal };
  body['commercial_info'] = { ...body['commercial_info'], payment_method: paymentMethod };
  return body;
}

async function shopWithPrinter(printer: TestPrinter, extra: Record<string, unknown> = {}): Promise<{ org: SeededOrganization; printerId: number }> {
  const org = seed();
  await giveCertificate(t, org);
  const created = await t.call('POST', '/printers', { key: org.key, body: { name: 'Caja 2', connection: 'network', host: printer.host, port: printer.port, terminal: '00002', drawer: true, ...extra } });
  expect(created.status, created.text).toBe(201);
  return { org, printerId: created.body.data.id };
}

async function issue(org: SeededOrganization, body: Body, headers: Record<string, string> = {}) {
  const res = await t.call('POST', '/electronic-documents', { key: org.key, body, headers });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: number; document_key: string; consecutive_number: string };
}

async function printOf(org: SeededOrganization, key: string) {
  return (await t.call('GET', `/electronic-documents/${key}`, { key: org.key })).body.data.print;
}

/** Polls the document until its print reaches `state` (the print runs after the answer, on its own time). */
async function printReaches(org: SeededOrganization, key: string, state: string) {
  for (let i = 0; i < 200; i++) {
    const print = await printOf(org, key);
    if (print?.state === state) return print;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`the print of ${key} never reached ${state}: ${JSON.stringify(await printOf(org, key))}`);
}

const drawerKicks = (job: PrintedJob) => job.commands.filter((c) => c.type === 'drawer');
const text = (job: PrintedJob) => job.text.join('\n');

describe('the receipt after issuing', () => {
  it('answers first, then prints the ticket with the drawer pulse, the clave and the consecutive', async () => {
    // A printer that takes 800 ms to read anything: the answer must not wait for it.
    const printer = await TestPrinter.start({ delayMs: 800 });
    try {
      const { org, printerId } = await shopWithPrinter(printer);
      const started = performance.now();
      const issued = await issue(org, cashTicket(org));
      const answeredAt = performance.now();
      expect(answeredAt - started).toBeLessThan(800);
      expect(printer.jobs).toEqual([]);
      const [job] = await printer.waitForJobs(1);
      expect(job!.firstByteAt).toBeGreaterThan(answeredAt);

      expect(drawerKicks(job!)).toEqual([{ type: 'drawer', pin: 2, onMs: 50, offMs: 500 }]);
      // The drawer opens first, while the receipt prints.
      expect(job!.commands.find((c) => c.type !== 'status' && c.type !== 'init' && c.type !== 'codepage' && c.type !== 'font' && c.type !== 'unknown')).toEqual({ type: 'drawer', pin: 2, onMs: 50, offMs: 500 });
      const clave = issued.document_key;
      expect(job!.text).toContain(clave.slice(0, 25).padStart(25 + 11, ' '));
      expect(text(job!)).toContain(clave.slice(25));
      expect(text(job!)).toContain(issued.consecutive_number);
      expect(text(job!)).toContain('Almuerzo ejecutivo');
      expect(text(job!)).not.toContain('COPIA');
      expect(job!.commands.at(-1)).toEqual({ type: 'cut', partial: true });

      const print = await printReaches(org, clave, 'printed');
      expect(print).toMatchObject({ state: 'printed', reason: null, printer_id: printerId, copies: 1 });
      const listed = await t.call('GET', '/documents', { key: org.key });
      expect(listed.body.data.find((d: { document_key: string }) => d.document_key === clave).print).toMatchObject({ state: 'printed', copies: 1 });
    } finally {
      await printer.close();
    }
  });

  it('shows `printing` while the printer has not taken the job', async () => {
    const printer = await TestPrinter.start({ delayMs: 1500 });
    try {
      const { org } = await shopWithPrinter(printer);
      const issued = await issue(org, cashTicket(org));
      // The print starts once the answer has gone out; a moment later it is on its way to the printer.
      await new Promise((r) => setTimeout(r, 100));
      expect(await printOf(org, issued.document_key)).toMatchObject({ state: 'printing', copies: 0 });
      await printReaches(org, issued.document_key, 'printed');
    } finally {
      await printer.close();
    }
  });

  it('prints the cash received and the change from X-Cash-Received, and ignores a value that is not an amount', async () => {
    const printer = await TestPrinter.start();
    try {
      const { org } = await shopWithPrinter(printer);
      await issue(org, cashTicket(org), { 'x-cash-received': '10000' });
      const [job] = await printer.waitForJobs(1);
      expect(job!.text.some((l) => /^Efectivo recibido\s+¢10,000\.00$/.test(l))).toBe(true);
      // 4,500 plus 13 % VAT is 5,085.00; the change is the rest.
      expect(job!.text.some((l) => /^Vuelto\s+¢4,915\.00$/.test(l))).toBe(true);
      await issue(org, cashTicket(org), { 'x-cash-received': 'diez mil' });
      const jobs = await printer.waitForJobs(2);
      expect(text(jobs[1]!)).not.toContain('Efectivo recibido');
      expect(drawerKicks(jobs[1]!)).toHaveLength(1);
    } finally {
      await printer.close();
    }
  });

  it('prints a sale once, however often an idempotent request is retried', async () => {
    const printer = await TestPrinter.start();
    try {
      const { org } = await shopWithPrinter(printer);
      const body = cashTicket(org);
      const first = await issue(org, body, { 'x-idempotency-key': 'venta-1' });
      const replay = await t.call('POST', '/electronic-documents', { key: org.key, body, headers: { 'x-idempotency-key': 'venta-1' } });
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body.data.document_key).toBe(first.document_key);
      await printReaches(org, first.document_key, 'printed');
      await t.server.core.printing.idle();
      expect(printer.jobs).toHaveLength(1);
    } finally {
      await printer.close();
    }
  });

  it('prints nothing for a till without a printer, nor where print_on_issue is off', async () => {
    const printer = await TestPrinter.start();
    try {
      const { org, printerId } = await shopWithPrinter(printer);
      const elsewhere = await issue(org, cashTicket(org, '3'));
      await t.call('PUT', `/printers/${printerId}`, { key: org.key, body: { print_on_issue: false } });
      const off = await issue(org, cashTicket(org));
      await t.server.core.printing.idle();
      expect(printer.jobs).toEqual([]);
      expect(await printOf(org, elsewhere.document_key)).toBeNull();
      expect(await printOf(org, off.document_key)).toBeNull();
      // A till without a printer of its own prints on one named.
      const none = await t.call('POST', `/documents/${elsewhere.document_key}/print`, { key: org.key, headers: { 'accept-language': 'en' }, body: {} });
      expect(none.status).toBe(422);
      expect(none.body.error).toMatchObject({ code: 'no_printer', message: 'No printer serves till 001-00003; give printer_id, or add a printer to that till (POST /printers).' });
      const named = await t.call('POST', `/documents/${elsewhere.document_key}/print`, { key: org.key, body: { printer_id: printerId } });
      expect(named.body.data).toEqual({ printed: true, copy: false });
      expect(await printer.waitForJobs(1)).toHaveLength(1);
      const unknown = await t.call('POST', `/documents/${elsewhere.document_key}/print`, { key: org.key, body: { printer_id: 999999 } });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('printer_not_found');
    } finally {
      await printer.close();
    }
  });
});

describe('a printer that is off, the retry and the reprint', () => {
  it('leaves the sale issued and the document failed with the reason; POST /documents/{key}/print retries, then reprints as COPIA without the drawer', async () => {
    const printer = await TestPrinter.start();
    const port = printer.port;
    const { org } = await shopWithPrinter(printer);
    await printer.off();
    const issued = await issue(org, cashTicket(org));
    const failed = await printReaches(org, issued.document_key, 'failed');
    expect(failed).toMatchObject({ state: 'failed', reason: 'refused', copies: 0 });

    // Still off: the retry answers why, and the document stays failed.
    const again = await t.call('POST', `/documents/${issued.document_key}/print`, { key: org.key });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ printed: false, reason: 'refused', copy: false });

    // Switched on again (the same port): the retry prints the original, drawer and all.
    const back = await TestPrinter.start();
    try {
      await t.call('PUT', `/printers/${failed.printer_id}`, { key: org.key, body: { port: back.port } });
      expect(back.port).not.toBe(port);
      const retried = await t.call('POST', `/documents/${issued.document_key}/print`, { key: org.key });
      expect(retried.body.data).toEqual({ printed: true, copy: false });
      expect(retried.body.message).toBe('Impreso.');
      const [original] = await back.waitForJobs(1);
      expect(text(original!)).not.toContain('COPIA');
      expect(drawerKicks(original!)).toHaveLength(1);
      expect(await printOf(org, issued.document_key)).toMatchObject({ state: 'printed', reason: null, copies: 1 });

      // Printed before: a reprint is a copy, and no money moves.
      const reprint = await t.call('POST', `/documents/${issued.document_key}/print`, { key: org.key });
      expect(reprint.body.data).toEqual({ printed: true, copy: true });
      const [, copy] = await back.waitForJobs(2);
      expect(copy!.lines.filter((l) => l.text.trim() === 'COPIA' && l.invert)).toHaveLength(2);
      expect(drawerKicks(copy!)).toEqual([]);
      expect(await printOf(org, issued.document_key)).toMatchObject({ state: 'printed', copies: 2 });

      // A reprint that fails leaves the document printed: its receipt came out.
      await back.off();
      const lost = await t.call('POST', `/documents/${issued.document_key}/print`, { key: org.key });
      expect(lost.body.data).toMatchObject({ printed: false, reason: 'refused', copy: true });
      expect(await printOf(org, issued.document_key)).toMatchObject({ state: 'printed', copies: 2 });
    } finally {
      await back.close();
    }
  });

  it('shows a print cut short by the end of the previous run as failed after a restart', async () => {
    const org = seed();
    await giveCertificate(t, org);
    const issued = await issue(org, cashTicket(org, '7'));
    // The state a crash leaves: the print started (its job lived in memory) and never finished.
    t.server.core.store.relaxedTransaction((db) => markPrinting(db, issued.id, 1, new Date()));
    expect(await printOf(org, issued.document_key)).toMatchObject({ state: 'printing' });
    await t.restart();
    expect(await printOf(org, issued.document_key)).toMatchObject({ state: 'failed', reason: 'failed', copies: 0 });
  });

  it("needs the document's read ability, and refuses what is not there", async () => {
    const printer = await TestPrinter.start();
    try {
      const { org } = await shopWithPrinter(printer);
      const issued = await issue(org, cashTicket(org));
      await printer.waitForJobs(1);
      const reader = seed({ abilities: ['invoices:read'] });
      expect((await t.call('POST', `/documents/${issued.document_key}/print`, { key: reader.key })).status).toBe(404); // another organization
      expect((await t.call('POST', '/documents/00000000000000000000/print', { key: org.key })).status).toBe(404);
      const bad = await t.call('POST', `/documents/${issued.document_key}/print`, { key: org.key, body: { cash_received: '-5' } });
      expect(bad.status).toBe(422);
    } finally {
      await printer.close();
    }
  });
});

describe('who opens the drawer, and how often a receipt prints (review of issue 15)', () => {
  it('never prints a second original: copy false once printed is still COPIA, and the drawer stays shut', async () => {
    const printer = await TestPrinter.start();
    try {
      const { org } = await shopWithPrinter(printer);
      const issued = await issue(org, cashTicket(org));
      await printReaches(org, issued.document_key, 'printed');
      expect(drawerKicks((await printer.waitForJobs(1))[0]!)).toHaveLength(1);
      const again = await t.call('POST', `/documents/${issued.document_key}/print`, { key: org.key, body: { copy: false, cash_received: '10000' } });
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual({ printed: true, copy: true });
      const [, second] = await printer.waitForJobs(2);
      expect(text(second!)).toContain('COPIA');
      expect(drawerKicks(second!)).toEqual([]);
      expect(await printOf(org, issued.document_key)).toMatchObject({ copies: 2 });
    } finally {
      await printer.close();
    }
  });

  it('opens the drawer for a cash payment only: cash typed on a card sale prints its rows and opens nothing', async () => {
    const printer = await TestPrinter.start();
    try {
      const { org } = await shopWithPrinter(printer);
      await issue(org, cashTicket(org, '2', 'card'), { 'x-cash-received': '10000' });
      const [automatic] = await printer.waitForJobs(1);
      expect(automatic!.text.some((l) => /^Efectivo recibido\s+¢10,000\.00$/.test(l))).toBe(true);
      expect(drawerKicks(automatic!)).toEqual([]);
      // A card sale never printed (its till's printer off), printed on request with cash_received: no drawer either.
      await t.call('PUT', `/printers/${(await t.call('GET', '/printers', { key: org.key })).body.data[0].id}`, { key: org.key, body: { print_on_issue: false } });
      const card = await issue(org, cashTicket(org, '2', 'card'));
      const printed = await t.call('POST', `/documents/${card.document_key}/print`, { key: org.key, body: { cash_received: '10000' } });
      expect(printed.body.data).toEqual({ printed: true, copy: false });
      const [, onRequest] = await printer.waitForJobs(2);
      expect(drawerKicks(onRequest!)).toEqual([]);
    } finally {
      await printer.close();
    }
  });

  it("prints a sale on another till's printer when named, without opening that till's drawer", async () => {
    const printer = await TestPrinter.start();
    try {
      const { org, printerId } = await shopWithPrinter(printer);
      const elsewhere = await issue(org, cashTicket(org, '3'));
      const named = await t.call('POST', `/documents/${elsewhere.document_key}/print`, { key: org.key, body: { printer_id: printerId } });
      expect(named.body.data).toEqual({ printed: true, copy: false });
      const [job] = await printer.waitForJobs(1);
      expect(text(job!)).not.toContain('COPIA');
      expect(drawerKicks(job!)).toEqual([]);
    } finally {
      await printer.close();
    }
  });

  it('answers 409 print_in_progress while the automatic receipt is printing, and prints and kicks once', async () => {
    const printer = await TestPrinter.start({ delayMs: 800 });
    try {
      const { org } = await shopWithPrinter(printer);
      const issued = await issue(org, cashTicket(org));
      await printReaches(org, issued.document_key, 'printing');
      const meanwhile = await t.call('POST', `/documents/${issued.document_key}/print`, { key: org.key, headers: { 'accept-language': 'en' } });
      expect(meanwhile.status).toBe(409);
      expect(meanwhile.body.error).toMatchObject({ code: 'print_in_progress', message: `${issued.document_key} is being printed; wait until it has finished before printing it again.` });
      const spanish = await t.call('POST', `/documents/${issued.document_key}/print`, { key: org.key, headers: { 'accept-language': 'es' } });
      expect(spanish.body.error.message).toBe(`${issued.document_key} se está imprimiendo; espere a que termine antes de imprimirlo otra vez.`);
      await printReaches(org, issued.document_key, 'printed');
      await t.server.core.printing.idle();
      expect(printer.jobs).toHaveLength(1);
      expect(drawerKicks(printer.jobs[0]!)).toHaveLength(1);
      // Once it has finished, a print is a copy again.
      const copy = await t.call('POST', `/documents/${issued.document_key}/print`, { key: org.key });
      expect(copy.body.data).toEqual({ printed: true, copy: true });
    } finally {
      await printer.close();
    }
  });

  it('refuses two prints on request at once: the second is 409 while the first is at the printer', async () => {
    const printer = await TestPrinter.start({ delayMs: 600 });
    try {
      const { org, printerId } = await shopWithPrinter(printer);
      await t.call('PUT', `/printers/${printerId}`, { key: org.key, body: { print_on_issue: false } });
      const issued = await issue(org, cashTicket(org));
      const [first, second] = await Promise.all([
        t.call('POST', `/documents/${issued.document_key}/print`, { key: org.key }),
        new Promise((r) => setTimeout(r, 100)).then(() => t.call('POST', `/documents/${issued.document_key}/print`, { key: org.key })),
      ]);
      expect(first.body.data).toEqual({ printed: true, copy: false });
      expect(second.status).toBe(409);
      await t.server.core.printing.idle();
      expect(printer.jobs).toHaveLength(1);
      expect(drawerKicks(printer.jobs[0]!)).toHaveLength(1);
    } finally {
      await printer.close();
    }
  });
});

describe('the drawer opens once, for a sale at the counter (second review of issue 15)', () => {
  const row = (id: number) => documentPrint(t.server.core.store.db, id);
  /** As if issued `minutes` ago: created_at is the server's time of issuing, which the drawer rule reads. */
  const issuedAgo = (id: number, minutes: number) => t.server.core.store.relaxedTransaction((db) => {
    db.update(documents).set({ createdAt: new Date(Date.now() - minutes * 60_000).toISOString() }).where(eq(documents.id, id)).run();
  });

  it('records the pulse when it goes out, and clears it when the job never reached the printer', async () => {
    const printer = await TestPrinter.start();
    try {
      const { org, printerId } = await shopWithPrinter(printer);
      await t.call('PUT', `/printers/${printerId}`, { key: org.key, body: { print_on_issue: false } });
      const card = await issue(org, cashTicket(org, '2', 'card'));
      await t.call('POST', `/documents/${card.document_key}/print`, { key: org.key });
      expect(row(card.id)).toMatchObject({ copies: 1, drawerOpenedAt: null });
      const cash = await issue(org, cashTicket(org));
      await t.call('POST', `/documents/${cash.document_key}/print`, { key: org.key });
      expect(row(cash.id)?.drawerOpenedAt).toEqual(expect.any(String));
      await printer.off();
      const off = await issue(org, cashTicket(org));
      expect((await t.call('POST', `/documents/${off.document_key}/print`, { key: org.key })).body.data).toMatchObject({ printed: false, reason: 'refused' });
      expect(row(off.id)).toMatchObject({ state: 'failed', drawerOpenedAt: null });
    } finally {
      await printer.close();
    }
  });

  it('does not open the drawer again on the retry of a job that carried the pulse and then stopped', async () => {
    const printer = await TestPrinter.start();
    try {
      const { org, printerId } = await shopWithPrinter(printer);
      await t.call('PUT', `/printers/${printerId}`, { key: org.key, body: { print_on_issue: false } });
      const issued = await issue(org, cashTicket(org));
      // What a printer that stopped taking the job leaves (a 10 s write timeout): the pulse went out first, nothing printed.
      t.server.core.store.relaxedTransaction((db) => {
        markPrinting(db, issued.id, printerId, new Date());
        recordDrawerOpened(db, issued.id, new Date());
        recordNotPrinted(db, issued.id, printerId, 'timeout', 'the printer stopped taking the job', new Date());
      });
      const retried = await t.call('POST', `/documents/${issued.document_key}/print`, { key: org.key });
      expect(retried.body.data).toEqual({ printed: true, copy: false });
      const [job] = await printer.waitForJobs(1);
      expect(text(job!)).not.toContain('COPIA');
      expect(drawerKicks(job!)).toEqual([]);
    } finally {
      await printer.close();
    }
  });

  it('prints an old cash sale never printed without opening the drawer, unless its shift is still open', async () => {
    const printer = await TestPrinter.start();
    try {
      const { org, printerId } = await shopWithPrinter(printer);
      await t.call('PUT', `/printers/${printerId}`, { key: org.key, body: { print_on_issue: false } });
      const old = await issue(org, cashTicket(org));
      issuedAgo(old.id, 11);
      expect((await t.call('POST', `/documents/${old.document_key}/print`, { key: org.key })).body.data).toEqual({ printed: true, copy: false });
      const [first] = await printer.waitForJobs(1);
      expect(text(first!)).not.toContain('COPIA');
      expect(drawerKicks(first!)).toEqual([]);

      // Within ten minutes of issuing it opens (the counter's retry).
      const recent = await issue(org, cashTicket(org));
      issuedAgo(recent.id, 9);
      await t.call('POST', `/documents/${recent.document_key}/print`, { key: org.key });
      expect(drawerKicks((await printer.waitForJobs(2))[1]!)).toHaveLength(1);

      // Issued in a shift still open: the sale is this shift's cash, however long ago.
      const opened = await t.call('POST', '/shifts', { key: org.key, body: { terminal: '2', opening_float: '0' } });
      expect(opened.status, opened.text).toBe(201);
      const inShift = await issue(org, cashTicket(org));
      issuedAgo(inShift.id, 120);
      await t.call('POST', `/documents/${inShift.document_key}/print`, { key: org.key });
      expect(drawerKicks((await printer.waitForJobs(3))[2]!)).toHaveLength(1);
    } finally {
      await printer.close();
    }
  });
});
