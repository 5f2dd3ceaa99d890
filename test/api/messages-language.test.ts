/**
 * The server's messages follow the request's language (Accept-Language; Spanish when it names neither):
 * webhook URL rules, a wrong PIN, host names that do not resolve, the request schema's checks. A document's
 * own validation keeps the language its `api_config.language` asks for. docs/languages.md
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveKeyOf, seedOrganization, startTestServer, type SeededOrganization, type TestServer } from './harness.ts';
import { makeTestP12, TEST_PIN } from '../fixtures/certificates.ts';
import { exampleRequest } from '../fixtures/example-requests.ts';

let t: TestServer;
let org: SeededOrganization;
const EN = { 'accept-language': 'en-US,en;q=0.9,es;q=0.5' };
const ES = { 'accept-language': 'es-CR,es;q=0.9' };

beforeAll(async () => {
  t = await startTestServer();
  org = seedOrganization(t);
});
afterAll(() => t.close());

const webhook = (url: string, headers: Record<string, string> = {}) =>
  t.call('POST', '/webhooks', { key: org.key, headers, body: { name: 'Caja', url, events: ['document.accepted'] } });

describe('messages in the request language', () => {
  it('words the webhook URL rules in Spanish by default and in English when asked', async () => {
    const es = await webhook('https://localhost/hook');
    expect(es.status).toBe(422);
    expect(es.body.error.errors.url).toEqual(['La URL debe apuntar a un servidor público, no a localhost.']);
    expect(es.body.error.message).toBe('La URL debe apuntar a un servidor público, no a localhost.');
    const en = await webhook('http://example.com/hook', EN);
    expect(en.body.error.errors.url).toEqual(['The URL must use https.']);
    expect((await webhook('http://example.com/hook', ES)).body.error.errors.url).toEqual(['La URL debe empezar con https://.']);
  });

  it('says that a host name does not resolve in the language asked', async () => {
    const created = await webhook('https://nowhere.invalid/hook');
    expect(created.status).toBe(201);
    const es = await t.call('POST', `/webhooks/${created.body.data.id}/test`, { key: org.key, headers: ES });
    expect(es.body.data).toMatchObject({ successful: false, error: expect.stringMatching(/^No se encontró el servidor nowhere\.invalid \(E[A-Z_]+\): revise el nombre\.$/) });
    const en = await t.call('GET', `/webhooks/${created.body.data.id}/deliveries`, { key: org.key, headers: EN });
    expect(en.body.data[0].error).toMatch(/^The host nowhere\.invalid cannot be resolved/);
  });

  it('says the same of an outgoing mail server', async () => {
    await t.call('PUT', '/settings/smtp', { key: liveKeyOf(t, org), body: { host: 'smtp.nowhere.invalid', port: 587, from_address: 'caja@soda.example.cr' } });
    const es = await t.call('POST', '/settings/smtp/test', { key: org.key, body: { to: 'duena@soda.example.cr' } });
    expect(es.body.data).toMatchObject({ sent: false, error: expect.stringMatching(/^No se encontró el servidor de correo smtp\.nowhere\.invalid/) });
  });

  it('words a wrong PIN and the schema checks of a certificate upload', async () => {
    const p12 = makeTestP12({ pin: TEST_PIN, algorithm: '3des' }).toString('base64');
    const body = { certificate: p12, pin: 'not-the-pin', atv_user: 'cpj@stag.comprobanteselectronicos.go.cr', atv_password: 'x' };
    const es = await t.call('POST', '/organizations/me/certificate', { key: org.key, body });
    expect(es.body.error).toMatchObject({ code: 'certificate_wrong_pin', message: expect.stringMatching(/^PIN incorrecto: el archivo \.p12 no se (abre|descifra) con él\.$/) });
    const en = await t.call('POST', '/organizations/me/certificate', { key: org.key, body, headers: EN });
    expect(en.body.error.message).toMatch(/^Wrong PIN/);
    const schema = await t.call('POST', '/organizations/me/certificate', { key: org.key, body: { ...body, atv_user: 'no es un correo', atv_password: '' } });
    expect(schema.body.error.errors).toEqual({ atv_user: ['Debe ser un correo electrónico válido.'], atv_password: ['Debe tener al menos 1 caracteres.'] });
  });

  it("leaves a document's validation in the language of its api_config", async () => {
    const body = exampleRequest('04-tiquete', new Date(Date.now() - 60_000));
    (body as { api_config?: unknown }).api_config = { language: 'en' };
    (body as { items: unknown[] }).items = [];
    const res = await t.call('POST', '/electronic-documents', { key: org.key, body, headers: ES });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body.error.errors)).toMatch(/Must have at least 1 element/);
  });
});
