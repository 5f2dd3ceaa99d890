/**
 * /printers (docs/tills.md, "Printers"): CRUD, the checks of a printer's fields, abilities, and the test page
 * printed on the raw-TCP test printer (test/helpers/escpos-printer.ts), which decodes it back to text and
 * commands: the page with its cut, a printer that is off, one out of paper (which is sent no job).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationSeeder, startTestServer, type TestServer } from './harness.ts';
import { TestPrinter } from '../helpers/escpos-printer.ts';

let t: TestServer;
/** Field messages compared in English (the default is Spanish). */
const EN = { 'accept-language': 'en' };
const seed = organizationSeeder(() => t, 3101700100);

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t.close());

const network = (printer: { host: string; port: number }, extra: Record<string, unknown> = {}) =>
  ({ name: 'Caja 2', connection: 'network', host: printer.host, port: printer.port, terminal: '2', ...extra });

describe('printers CRUD', () => {
  it('adds a network printer with the defaults, lists, reads, changes and removes it', async () => {
    const org = seed();
    const created = await t.call('POST', '/printers', { key: org.key, body: { name: ' Caja 2 ', connection: 'network', host: '192.168.1.50', terminal: '2' } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.message).toBe('Impresora agregada.');
    const printer = created.body.data;
    expect(printer).toMatchObject({
      name: 'Caja 2', connection: 'network', host: '192.168.1.50', port: 9100, os_name: null, branch: '001', terminal: '00002',
      drawer: false, paper: '80mm', codepage: 'cp850', colon: '¢', qr: false, logo: true, print_on_issue: true,
    });
    const list = await t.call('GET', '/printers', { key: org.key });
    expect(list.body.data.map((p: { id: number }) => p.id)).toEqual([printer.id]);
    expect((await t.call('GET', `/printers/${printer.id}`, { key: org.key })).body.data).toEqual(printer);

    const changed = await t.call('PUT', `/printers/${printer.id}`, { key: org.key, body: { colon: 'CRC', drawer: true, paper: '58mm', print_on_issue: false } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toMatchObject({ name: 'Caja 2', host: '192.168.1.50', port: 9100, terminal: '00002', colon: 'CRC', drawer: true, paper: '58mm', print_on_issue: false });

    const removed = await t.call('DELETE', `/printers/${printer.id}`, { key: org.key });
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expect((await t.call('GET', `/printers/${printer.id}`, { key: org.key })).status).toBe(404);
    expect((await t.call('DELETE', `/printers/${printer.id}`, { key: org.key })).status).toBe(404);
  });

  it("answers another organization's printer as a missing one", async () => {
    const owner = seed();
    const other = seed();
    const printer = (await t.call('POST', '/printers', { key: owner.key, body: { name: 'Caja 1', connection: 'network', host: 'printer.local', terminal: '1' } })).body.data;
    for (const [method, path] of [['GET', `/printers/${printer.id}`], ['PUT', `/printers/${printer.id}`], ['DELETE', `/printers/${printer.id}`], ['POST', `/printers/${printer.id}/test`]] as const) {
      const res = await t.call(method, path, { key: other.key, ...(method === 'PUT' ? { body: { name: 'mía' } } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect((await t.call('GET', '/printers', { key: other.key })).body.data).toEqual([]);
    expect((await t.call('GET', '/printers/abc', { key: owner.key })).status).toBe(404);
  });

  it('needs printers:read to read and printers:manage to change', async () => {
    const org = seed({ abilities: ['printers:read'] });
    expect((await t.call('GET', '/printers', { key: org.key })).status).toBe(200);
    const refused = await t.call('POST', '/printers', { key: org.key, body: { name: 'Caja', connection: 'network', host: '10.0.0.9', terminal: '1' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    const none = seed({ abilities: ['tickets:read'] });
    expect((await t.call('GET', '/printers', { key: none.key })).status).toBe(403);
  });
});

describe('printer fields', () => {
  it('refuses what cannot print: no host, a URL for a host, a blank name, a till that is not a terminal', async () => {
    const org = seed();
    const noHost = await t.call('POST', '/printers', { key: org.key, headers: EN, body: { name: 'Caja', connection: 'network', terminal: '1' } });
    expect(noHost.status).toBe(422);
    expect(noHost.body.error.errors).toEqual({ host: ['Required for a network printer: its IP address or name.'] });
    const url = await t.call('POST', '/printers', { key: org.key, headers: EN, body: { name: '  ', connection: 'network', host: 'http://10.0.0.9', terminal: '1' } });
    expect(url.status).toBe(422);
    expect(url.body.error.errors).toEqual({ name: ['Must not be blank.'], host: ['Must be an IP address or a host name.'] });
    const terminal = await t.call('POST', '/printers', { key: org.key, body: { name: 'Caja', connection: 'network', host: '10.0.0.9', terminal: '123456' } });
    expect(terminal.status).toBe(422);
    const port = await t.call('POST', '/printers', { key: org.key, body: { name: 'Caja', connection: 'network', host: '10.0.0.9', terminal: '1', port: 70000 } });
    expect(port.status).toBe(422);
    const colon = await t.call('POST', '/printers', { key: org.key, body: { name: 'Caja', connection: 'network', host: '10.0.0.9', terminal: '1', colon: '₡' } });
    expect(colon.status).toBe(422);
    // IPv6 and host names are printers' addresses too.
    for (const host of ['fe80::1', 'caja-2.tienda.lan']) {
      expect((await t.call('POST', '/printers', { key: org.key, body: { name: 'Caja', connection: 'network', host, terminal: '1' } })).status, host).toBe(201);
    }
  });

  it('refuses an OS printer where the desktop app is not running, in the language asked', async () => {
    const org = seed();
    const res = await t.call('POST', '/printers', { key: org.key, body: { name: 'USB', connection: 'os', os_name: 'EPSON_TM_T20', terminal: '1' } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('os_printer_unavailable');
    const es = await t.call('POST', '/printers', { key: org.key, headers: { 'accept-language': 'es' }, body: { name: 'USB', connection: 'os', os_name: 'EPSON_TM_T20', terminal: '1' } });
    expect(es.body.error.message).toMatch(/^Las impresoras USB y del sistema se usan desde la aplicación de escritorio/);
    // The form's own mistakes are told first.
    const noName = await t.call('POST', '/printers', { key: org.key, headers: EN, body: { name: 'USB', connection: 'os', terminal: '1' } });
    expect(noName.status).toBe(422);
    expect(noName.body.error.errors).toEqual({ os_name: ['Required for a system printer: the name of its queue.'] });
    // Nor can a network printer become one.
    const printer = (await t.call('POST', '/printers', { key: org.key, body: { name: 'Caja', connection: 'network', host: '10.0.0.9', terminal: '1' } })).body.data;
    const changed = await t.call('PUT', `/printers/${printer.id}`, { key: org.key, body: { connection: 'os', os_name: 'EPSON' } });
    expect(changed.body.error.code).toBe('os_printer_unavailable');
  });
});

describe('POST /printers/{id}/test', () => {
  it('prints the test page on the printer, with its name, the Spanish letters and the cut', async () => {
    const org = seed();
    const printer = await TestPrinter.start();
    try {
      const created = (await t.call('POST', '/printers', { key: org.key, body: network(printer, { name: 'Caja dos' }) })).body.data;
      const res = await t.call('POST', `/printers/${created.id}/test`, { key: org.key });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toEqual({ printed: true });
      expect(res.body.message).toBe('Página de prueba impresa.');
      const [job] = await printer.waitForJobs(1);
      expect(job!.text.join('\n')).toContain('Página de prueba');
      expect(job!.text.some((l) => /^Impresora\s+Caja dos$/.test(l))).toBe(true);
      expect(job!.text).toContain('áéíóú ÁÉÍÓÚ ñÑ üÜ ¿? ¡! ¢');
      expect(job!.text).toContain('123456789012345678901234567890123456789012345678');
      expect(job!.commands.at(-1)).toEqual({ type: 'cut', partial: true });
      expect(job!.commands.some((c) => c.type === 'drawer')).toBe(false);
    } finally {
      await printer.close();
    }
  });

  it('kicks the drawer of a printer that has one, on 58 mm paper in 32 columns, in English when asked', async () => {
    const org = seed();
    const printer = await TestPrinter.start();
    try {
      const created = (await t.call('POST', '/printers', { key: org.key, body: network(printer, { drawer: true, paper: '58mm', colon: 'CRC' }) })).body.data;
      const res = await t.call('POST', `/printers/${created.id}/test`, { key: org.key, headers: { 'accept-language': 'en' } });
      expect(res.body.data.printed).toBe(true);
      const [job] = await printer.waitForJobs(1);
      // After the status requests (DLE EOT), the job starts by initialising the printer.
      expect(job!.commands.filter((c) => c.type !== 'status')[0]).toEqual({ type: 'init' });
      expect(job!.commands).toContainEqual({ type: 'drawer', pin: 2, onMs: 50, offMs: 500 });
      expect(job!.text.join('\n')).toContain('Test page');
      expect(job!.text).toContain('12345678901234567890123456789012');
      expect(job!.text).toContain('áéíóú ÁÉÍÓÚ ñÑ üÜ ¿? ¡! CRC');
    } finally {
      await printer.close();
    }
  });

  it('answers printed: false, refused, when the printer is off', async () => {
    const org = seed();
    const printer = await TestPrinter.start();
    const created = (await t.call('POST', '/printers', { key: org.key, body: network(printer) })).body.data;
    await printer.off();
    const res = await t.call('POST', `/printers/${created.id}/test`, { key: org.key, headers: { 'accept-language': 'es' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ printed: false, reason: 'refused' });
    expect(res.body.message).toBe('La página de prueba no se imprimió.');
  });

  it('answers paper_out and sends no job to a printer out of paper', async () => {
    const org = seed();
    const printer = await TestPrinter.start({ paperOut: true });
    try {
      const created = (await t.call('POST', '/printers', { key: org.key, body: network(printer) })).body.data;
      const res = await t.call('POST', `/printers/${created.id}/test`, { key: org.key });
      expect(res.body.data).toMatchObject({ printed: false, reason: 'paper_out' });
      await new Promise((r) => setTimeout(r, 50)); // the printer sees the connection close
      expect(printer.jobs).toEqual([]);
      expect(printer.statusOnly).toBe(1);
      // Paper in: the same printer prints.
      printer.paperOut = false;
      expect((await t.call('POST', `/printers/${created.id}/test`, { key: org.key })).body.data).toEqual({ printed: true });
      expect(await printer.waitForJobs(1)).toHaveLength(1);
    } finally {
      await printer.close();
    }
  });
});
