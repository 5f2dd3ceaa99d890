/**
 * Every server message follows the request's language, not only the document's validation (issue 12): a
 * route or a thing that is not there, a key refused, a setting's check, and the `message` of a success
 * answer — Spanish when asked (and when the request names no language), English when asked. docs/languages.md
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganization, startTestServer, type SeededOrganization, type TestServer } from './harness.ts';

let t: TestServer;
let org: SeededOrganization;
const EN = { 'accept-language': 'en-US,en;q=0.9' };
const ES = { 'accept-language': 'es-CR,es;q=0.9,en;q=0.5' };

beforeAll(async () => {
  t = await startTestServer();
  org = seedOrganization(t);
});
afterAll(() => t.close());

describe('every message in the request language', () => {
  it('says a route or a thing is not there', async () => {
    const route = await t.call('GET', '/no-such-thing', { key: org.key, headers: ES });
    expect(route.status).toBe(404);
    expect(route.body.error.message).toBe('No existe la ruta GET /api/v1/no-such-thing.');
    expect((await t.call('GET', '/webhooks/999', { key: org.key, headers: ES })).body.error.message).toBe('No se encontró el webhook.');
    expect((await t.call('GET', '/webhooks/999', { key: org.key, headers: EN })).body.error.message).toBe('Webhook not found.');
    expect((await t.call('GET', '/reference/cantons/9', { key: org.key })).body.error.message).toBe('No existe la provincia 9 (de 1 a 7).');
  });

  it('refuses a key in Spanish, top-level message included', async () => {
    const res = await t.call('GET', '/webhooks', { key: 'sk_test_nobody', headers: ES });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: 'Esa llave de API no existe.', error: { message: 'Esa llave de API no existe.' } });
  });

  it("words a setting's checks in Spanish", async () => {
    const webhook = await t.call('POST', '/webhooks', { key: org.key, headers: ES, body: { name: ' ', url: 'https://hooks.example.cr/caja', events: ['document.accepted'] } });
    expect(webhook.status).toBe(422);
    expect(webhook.body.error.errors).toEqual({ name: ['No puede quedar en blanco.'] });
    const key = await t.call('POST', '/api-keys', { key: t.accountKey, headers: ES, body: { name: 'Caja 2', mode: 'test', expires_at: '2001-01-01T00:00:00Z' } });
    expect(key.body.error).toMatchObject({ message: 'Debe ser una fecha y hora en el futuro.', errors: { expires_at: ['Debe ser una fecha y hora en el futuro.'] } });
  });

  it('gives a success message in the language asked', async () => {
    const body = { name: 'Caja', url: 'https://hooks.example.cr/caja', events: ['document.accepted'] };
    const es = await t.call('POST', '/webhooks', { key: org.key, headers: ES, body });
    expect(es.status).toBe(201);
    expect(es.body.message).toBe('Webhook creado.');
    const en = await t.call('DELETE', `/webhooks/${es.body.data.id}`, { key: org.key, headers: EN });
    expect(en.body.message).toBe('Webhook deleted.');
  });
});
