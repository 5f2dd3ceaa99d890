/**
 * The outgoing mail server settings (GET/PUT/DELETE /settings/smtp, POST /settings/smtp/test) against a
 * real smtp-server: the password is sealed by the vault and never returned, a test e-mail reports what
 * the server said.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activatePlan, seedOrganization, startTestServer, type TestServer } from './harness.ts';
import { SMTP_PASSWORD, SMTP_USER, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { getSmtpSettings } from '../../src/store/smtp-settings.ts';

let t: TestServer;
let smtp: SmtpSink;
beforeAll(async () => {
  t = await startTestServer();
  activatePlan(t); // live keys: the mail server is a production setting (docs/email.md)
  smtp = await startSmtpSink();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let serial = 0;
const seed = (keyOptions: Parameters<typeof seedOrganization>[2] = {}) =>
  seedOrganization(t, { identificationNumber: String(3101800000 + ++serial) }, { mode: 'live', ...keyOptions });

const settings = (overrides: Record<string, unknown> = {}) => ({
  // The sink offers no TLS: these settings opt out of it explicitly (allow_insecure).
  host: '127.0.0.1', port: smtp.port, secure: false, allow_insecure: true, username: SMTP_USER, password: SMTP_PASSWORD, from_address: 'facturas@tecnovalle.example.cr', ...overrides,
});

describe('/settings/smtp', () => {
  it('starts unconfigured, stores the server and never shows the password', async () => {
    const org = seed();
    const empty = await t.call('GET', '/settings/smtp', { key: org.key });
    expect(empty.body.data).toEqual({ configured: false, host: null, port: null, secure: false, allow_insecure: false, username: null, has_password: false, from_address: null, updated_at: null });
    const put = await t.call('PUT', '/settings/smtp', { key: org.key, body: settings() });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const expected = { configured: true, host: '127.0.0.1', port: smtp.port, secure: false, allow_insecure: true, username: SMTP_USER, has_password: true, from_address: 'facturas@tecnovalle.example.cr', updated_at: expect.any(String) };
    expect(put.body.data).toEqual(expected);
    const got = await t.call('GET', '/settings/smtp', { key: org.key });
    expect(got.body.data).toEqual(expected);
    expect(got.text).not.toContain(SMTP_PASSWORD);
    const row = getSmtpSettings(t.server.core.store.db, org.row.id)!;
    expect(row.password!.includes(Buffer.from(SMTP_PASSWORD))).toBe(false);
  });

  it('keeps the stored password when none is sent, and refuses a user name left without one', async () => {
    const org = seed();
    await t.call('PUT', '/settings/smtp', { key: org.key, body: settings() });
    const { password: _, ...withoutPassword } = settings({ from_address: 'ventas@tecnovalle.example.cr' });
    const kept = await t.call('PUT', '/settings/smtp', { key: org.key, body: withoutPassword });
    expect(kept.body.data).toMatchObject({ from_address: 'ventas@tecnovalle.example.cr', has_password: true });
    const cleared = await t.call('PUT', '/settings/smtp', { key: org.key, body: settings({ password: '' }) });
    expect(cleared.status).toBe(422);
    expect(cleared.body.error).toMatchObject({ code: 'validation_error', errors: { password: expect.any(Array) } });
    const anonymous = await t.call('PUT', '/settings/smtp', { key: org.key, body: settings({ username: null, password: null, port: 465, secure: undefined }) });
    expect(anonymous.body.data).toMatchObject({ username: null, has_password: false, port: 465, secure: true });
  });

  it('validates the members with field paths', async () => {
    const org = seed();
    const res = await t.call('PUT', '/settings/smtp', { key: org.key, body: { host: '', port: 70000, from_address: 'no-es-correo' } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.error.errors).sort()).toEqual(['from_address', 'host', 'port']);
  });

  it('needs settings:read to view and settings:manage to change', async () => {
    const reader = seed({ abilities: ['settings:read'] });
    expect((await t.call('GET', '/settings/smtp', { key: reader.key })).status).toBe(200);
    for (const [method, path, body] of [['PUT', '/settings/smtp', settings()], ['DELETE', '/settings/smtp', undefined], ['POST', '/settings/smtp/test', { to: 'a@example.cr' }]] as const) {
      const res = await t.call(method, path, { key: reader.key, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    const none = seed({ abilities: ['tickets:read'] });
    expect((await t.call('GET', '/settings/smtp', { key: none.key })).status).toBe(403);
  });

  it('removes the settings; removing nothing is 404', async () => {
    const org = seed();
    await t.call('PUT', '/settings/smtp', { key: org.key, body: settings() });
    const removed = await t.call('DELETE', '/settings/smtp', { key: org.key });
    expect(removed.status).toBe(200);
    expect((await t.call('GET', '/settings/smtp', { key: org.key })).body.data.configured).toBe(false);
    expect((await t.call('DELETE', '/settings/smtp', { key: org.key })).status).toBe(404);
  });
});

describe('POST /settings/smtp/test', () => {
  it('sends a test e-mail through the stored server and reports its answer', async () => {
    const org = seed();
    await t.call('PUT', '/settings/smtp', { key: org.key, body: settings() });
    const res = await t.call('POST', '/settings/smtp/test', { key: org.key, body: { to: 'prueba@example.cr' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ to: 'prueba@example.cr', sent: true, message_id: expect.any(String), response: expect.stringMatching(/^250/), error: null });
    const mail = smtp.messages.find((m) => m.parsed.messageId === res.body.data.message_id);
    expect(mail?.envelope).toEqual({ from: 'facturas@tecnovalle.example.cr', to: ['prueba@example.cr'] });
    expect(mail?.parsed.subject).toBe('Prueba de correo de Facturador');
  });

  it('reports a refused login with the server\'s reply code', async () => {
    const org = seed();
    await t.call('PUT', '/settings/smtp', { key: org.key, body: settings({ password: 'equivocada' }) });
    const res = await t.call('POST', '/settings/smtp/test', { key: org.key, body: { to: 'prueba@example.cr' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ sent: false, message_id: null, response_code: 535, error: expect.any(String) });
  });

  it('answers 422 smtp_not_configured without settings and validates the address', async () => {
    const org = seed();
    const res = await t.call('POST', '/settings/smtp/test', { key: org.key, body: { to: 'prueba@example.cr' } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('smtp_not_configured');
    const bad = await t.call('POST', '/settings/smtp/test', { key: org.key, body: { to: 'x' } });
    expect(bad.body.error.code).toBe('validation_error');
  });

  it('is described in the OpenAPI document with the e-mail route', async () => {
    const spec = (await t.call('GET', '/openapi.json')).body;
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/v1/settings/smtp', '/api/v1/settings/smtp/test', '/api/v1/documents/{key}/email']));
    expect(spec.paths['/api/v1/documents/{key}/email'].post.requestBody).toBeDefined();
  });
});

/**
 * Issue 12, Security 2: a key with settings:manage must not be able to send the stored password to a server
 * of its choosing, to read it in AUTH, nor use the test send to probe which hosts and ports answer.
 */
describe('the stored password stays with its server', () => {
  it('asks for the password again when the host, port, user or security change (422 naming password)', async () => {
    const org = seed();
    await t.call('PUT', '/settings/smtp', { key: org.key, body: settings() });
    for (const change of [{ host: 'localhost' }, { port: smtp.port + 1 }, { username: 'otro@tecnovalle.example.cr' }, { secure: true }, { allow_insecure: false }]) {
      const { password: _, ...body } = settings(change);
      const res = await t.call('PUT', '/settings/smtp', { key: org.key, body });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'validation_error', errors: { password: expect.any(Array) } });
    }
    expect((await t.call('GET', '/settings/smtp', { key: org.key })).body.data).toMatchObject({ host: '127.0.0.1', port: smtp.port, secure: false, allow_insecure: true });
    // With the password typed again, the change is taken.
    const moved = await t.call('PUT', '/settings/smtp', { key: org.key, body: settings({ host: 'localhost' }) });
    expect(moved.body.data).toMatchObject({ host: 'localhost', has_password: true });
  });

  it('never logs in without TLS unless allow_insecure is set: the password is not sent to a server without STARTTLS', async () => {
    const org = seed();
    const { allow_insecure: _, ...noOptOut } = settings();
    const put = await t.call('PUT', '/settings/smtp', { key: org.key, body: noOptOut });
    expect(put.body.data).toMatchObject({ allow_insecure: false });
    const before = smtp.logins.length;
    const res = await t.call('POST', '/settings/smtp/test', { key: org.key, body: { to: 'prueba@example.cr' } });
    expect(res.body.data).toMatchObject({ sent: false, response_code: null });
    expect(smtp.logins.length).toBe(before);
  });

  it('answers the same generic failure for a closed port and for a service that is not SMTP (no banner, no port state)', async () => {
    const org = seed();
    const banner = await startBannerServer('SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13\r\n');
    const closed = await closedPort();
    try {
      const answers = [];
      for (const port of [closed, banner.port]) {
        await t.call('PUT', '/settings/smtp', { key: org.key, body: settings({ port }) });
        const res = await t.call('POST', '/settings/smtp/test', { key: org.key, body: { to: 'prueba@example.cr' } });
        expect(res.status).toBe(200);
        expect(res.text).not.toMatch(/SSH|OpenSSH|ECONNREFUSED|refused|greeting|127\.0\.0\.1/i);
        answers.push(res.body.data);
      }
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]).toMatchObject({ sent: false, response: null, response_code: null, error: expect.stringMatching(/^No se pudo enviar/) });
    } finally {
      await banner.close();
    }
  });
});

/** A TCP service that greets with `banner` and then says nothing (what an SSH server does). */
async function startBannerServer(banner: string): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.write(banner);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}

/** A port nothing listens on (bound, then freed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
