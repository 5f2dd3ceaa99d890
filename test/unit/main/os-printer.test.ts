/**
 * main/os-printer.ts, the desktop shell's OS printers: `lp -o raw` through a real CUPS scheduler
 * (test/helpers/cups.ts) to the raw-TCP test printer, the outcomes when the queue or lp is missing, and the
 * core with the port: a system printer accepted, its test page and a ticket's receipt printed through CUPS.
 * The CUPS tests are skipped where CUPS is not installed.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { desktopOsPrinter, lpPrinter } from '../../../main/os-printer.ts';
import { startServer, type Server } from '../../../src/server.ts';
import { localAccount } from '../../../src/store/accounts.ts';
import { createApiKey } from '../../../src/store/api-keys.ts';
import { insertOrganization } from '../../../src/store/organizations.ts';
import { ORGANIZATION_ABILITIES } from '../../../src/api/abilities.ts';
import { cupsInstalled, startCups, type Cups } from '../../helpers/cups.ts';
import { TestPrinter } from '../../helpers/escpos-printer.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';
import { NO_TAX_AUTHORITY, TEST_MASTER_KEY } from '../../api/harness.ts';
import { makeTestP12, TEST_PIN } from '../../fixtures/certificates.ts';
import { exampleRequest } from '../../fixtures/example-requests.ts';

const tempDir = tempDirs();

describe('the port per platform', () => {
  it('is lp on Linux and macOS, and none on Windows (not yet)', () => {
    expect(desktopOsPrinter('linux')).toBeDefined();
    expect(desktopOsPrinter('darwin')).toBeDefined();
    expect(desktopOsPrinter('win32')).toBeUndefined();
  });

  it('answers unreachable, never throws, where lp is not installed', async () => {
    const outcome = await lpPrinter({ command: '/nonexistent/lp' }).print('Caja', Uint8Array.from([0x1b, 0x40]));
    expect(outcome).toEqual({ printed: false, reason: 'unreachable', detail: '/nonexistent/lp is not installed (CUPS)' });
  });
});

describe.skipIf(!cupsInstalled())('through CUPS', () => {
  let cups: Cups;
  let printer: TestPrinter;

  beforeAll(async () => {
    const started = await startCups();
    if (!started) throw new Error('CUPS is installed but its scheduler did not start');
    cups = started;
    printer = await TestPrinter.start();
    cups.addQueue('Caja_USB', printer.port);
  });
  afterAll(async () => {
    await printer?.close();
    await cups?.close();
  });

  it('hands the bytes to the queue untouched (raw), and the printer gets them', async () => {
    const bytes = Uint8Array.from([0x1b, 0x40, 0x1b, 0x74, 0x02, ...Buffer.from('Se\xa4or ', 'latin1'), 0x0a, 0x1d, 0x56, 0x01]);
    const outcome = await lpPrinter({ env: cups.env }).print('Caja_USB', bytes);
    expect(outcome).toEqual({ printed: true });
    const jobs = await printer.waitForJobs(1);
    expect([...jobs.at(-1)!.bytes]).toEqual([...bytes]);
    expect(jobs.at(-1)!.text).toEqual(['Señor']);
  });

  it('answers unreachable for a queue that does not exist', async () => {
    const outcome = await lpPrinter({ env: cups.env }).print('No_Existe', Uint8Array.from([0x0a]));
    expect(outcome).toMatchObject({ printed: false, reason: 'unreachable' });
    expect(outcome.printed === false && outcome.detail).toMatch(/does not exist/);
  });

  it('lets the core print a system printer\'s test page and every receipt of its till', async () => {
    const dataDir = tempDir('facturador-os-printer-');
    const server: Server = await startServer({ port: '0', host: '127.0.0.1', dataDir }, {
      masterKey: TEST_MASTER_KEY, logger: pino({ level: 'silent' }), delivery: false, autoBackup: false, hacienda: NO_TAX_AUTHORITY,
      osPrinter: lpPrinter({ env: cups.env }),
    });
    try {
      const db = server.core.store.db;
      const now = new Date().toISOString();
      const account = localAccount(db, new Date());
      const org = insertOrganization(db, {
        uuid: randomUUID(), accountId: account.id, name: 'Soda La Esquina', legalName: 'Soda La Esquina S.A.', identificationType: '02',
        identificationNumber: '3101123456', email: 'soda@example.cr', economicActivities: ['620100'], createdAt: now, updatedAt: now,
      });
      const key = createApiKey(db, { accountId: account.id, organizationId: org.id, name: 'k', mode: 'test', abilities: [...ORGANIZATION_ABILITIES], expiresAt: null }, new Date()).secret;
      const call = async (method: string, path: string, body?: unknown) => {
        const res = await fetch(`${server.url}/api/v1${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
        return { status: res.status, body: await res.json() as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
      };
      const created = await call('POST', '/printers', { name: 'USB caja 1', connection: 'os', os_name: 'Caja_USB', terminal: '1', drawer: true });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ connection: 'os', os_name: 'Caja_USB', host: null, port: null });
      const before = printer.jobs.length;
      expect((await call('POST', `/printers/${created.body.data.id}/test`)).body.data).toEqual({ printed: true });
      const [page] = (await printer.waitForJobs(before + 1)).slice(before);
      expect(page!.text.join('\n')).toContain('Página de prueba');

      const p12 = makeTestP12({ pin: TEST_PIN, algorithm: '3des' }).toString('base64');
      expect((await call('POST', '/organizations/me/certificate', { certificate: p12, pin: TEST_PIN, atv_user: 'u@stag.comprobanteselectronicos.go.cr', atv_password: 'x' })).status).toBeLessThan(300);
      const ticket = exampleRequest('04-tiquete', new Date(Date.now() - 60_000));
      ticket['document'] = { ...ticket['document'], sucursal: '001', punto_venta: '1' };
      ticket['commercial_info'] = { ...ticket['commercial_info'], payment_method: 'cash' };
      const issued = await call('POST', '/electronic-documents', ticket);
      expect(issued.status).toBe(201);
      const [receipt] = (await printer.waitForJobs(before + 2)).slice(before + 1);
      expect(receipt!.text.join('\n')).toContain(issued.body.data.consecutive_number);
      expect(receipt!.commands.some((c) => c.type === 'drawer')).toBe(true);
    } finally {
      await server.close();
    }
  });
});
