/**
 * Issue 12, Security 3: a test key stays in staging. Webhooks belong to the environment of the key that
 * created them (a test key neither sees nor changes production webhooks, and staging documents' events go to
 * staging webhooks only), and a test key cannot switch the organization's default environment to production.
 * Real server, real simulator, a real local receiver.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveKeyOf, startDelivering, type SeededOrganization, type TestServer } from './harness.ts';
import { startReceiver, type Receiver } from '../unit/webhooks/receiver.ts';
import { exampleRequest } from '../fixtures/example-requests.ts';
import { fanOutEvent } from '../../src/webhooks/dispatch.ts';
import type { Simulator } from '../../src/hacienda/simulator/types.ts';

let t: TestServer;
let simulator: Simulator;
let org: SeededOrganization;
let live: string;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  const saved = process.env['FACTURADOR_ALLOW_LOCAL_WEBHOOKS'];
  process.env['FACTURADOR_ALLOW_LOCAL_WEBHOOKS'] = '1';
  ({ simulator, t, org } = await startDelivering());
  if (saved === undefined) delete process.env['FACTURADOR_ALLOW_LOCAL_WEBHOOKS'];
  else process.env['FACTURADOR_ALLOW_LOCAL_WEBHOOKS'] = saved;
  live = liveKeyOf(t, org);
});
afterAll(async () => {
  await t.close();
  await simulator.close();
  await receiver.close();
});

const hook = (name: string) => ({ name, url: receiver.url(), events: ['document.signed', 'document.accepted'] });

async function create(key: string, name: string) {
  const res = await t.call('POST', '/webhooks', { key, body: hook(name) });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: number; environment: string };
}

const deliveriesOf = async (key: string, id: number) => (await t.call('GET', `/webhooks/${id}/deliveries`, { key })).body.data as { event: string }[];

describe('webhooks belong to the environment of the key that made them', () => {
  it('shows, reads and changes only the webhooks of the key\'s environment', async () => {
    const staging = await create(org.key, 'Caja de pruebas');
    const production = await create(live, 'Caja real');
    expect(staging.environment).toBe('staging');
    expect(production.environment).toBe('production');
    const ids = async (key: string) => ((await t.call('GET', '/webhooks', { key })).body.data as { id: number }[]).map((w) => w.id);
    expect(await ids(org.key)).toContain(staging.id);
    expect(await ids(org.key)).not.toContain(production.id);
    expect(await ids(live)).toContain(production.id);
    expect(await ids(live)).not.toContain(staging.id);
    // A test key answers 404 for a production webhook, whatever it tries.
    for (const [method, path, body] of [
      ['GET', `/webhooks/${production.id}`, undefined],
      ['PUT', `/webhooks/${production.id}`, { url: receiver.url() + 'robado' }],
      ['POST', `/webhooks/${production.id}/regenerate-secret`, undefined],
      ['POST', `/webhooks/${production.id}/test`, undefined],
      ['GET', `/webhooks/${production.id}/deliveries`, undefined],
      ['DELETE', `/webhooks/${production.id}`, undefined],
    ] as const) {
      const res = await t.call(method, path, { key: org.key, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect((await t.call('GET', `/webhooks/${production.id}`, { key: live })).body.data).toMatchObject({ url: receiver.url(), environment: 'production' });
  });

  it('sends the events of a staging document to staging webhooks only, and production events to production ones only', async () => {
    const staging = await create(org.key, 'Pruebas');
    const production = await create(live, 'Producción');
    const issued = await t.call('POST', '/electronic-documents', { key: org.key, body: exampleRequest('04-tiquete') });
    expect(issued.status, issued.text).toBe(201);
    expect((await deliveriesOf(org.key, staging.id)).map((d) => d.event)).toContain('document.signed');
    expect(await deliveriesOf(live, production.id)).toEqual([]);

    // An event of a production document (as the issuing transaction emits it).
    const event = { uuid: randomUUID(), organizationId: org.row.id, environment: 'production' as const, type: 'document.accepted', payload: { document_key: '5'.repeat(50) } };
    t.server.core.store.transaction((db) => fanOutEvent(db, event, new Date()));
    expect((await deliveriesOf(live, production.id)).map((d) => d.event)).toContain('document.accepted');
    expect((await deliveriesOf(org.key, staging.id)).map((d) => d.event)).not.toContain('document.accepted');
  });
});

describe('the default environment', () => {
  it('a test key cannot switch the organization to production (403 live_key_required); a live key can', async () => {
    const refused = await t.call('PUT', '/organizations/me', { key: org.key, body: { default_environment: 'production' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('live_key_required');
    expect((await t.call('GET', '/organizations/me', { key: org.key })).body.data.default_environment).toBe('staging');
    const company = await t.call('PUT', '/company', { key: org.key, body: { default_environment: 'production' } });
    expect(company.status).toBe(403);
    const switched = await t.call('PUT', '/organizations/me', { key: live, body: { default_environment: 'production' } });
    expect(switched.status, switched.text).toBe(200);
    expect(switched.body.data.default_environment).toBe('production');
    // Sending the value it already has changes nothing; but once the shop issues in production, its profile
    // is what production documents carry, so a test key may not change it at all; switching a live shop back
    // to staging would make its counter issue test documents, so that needs a live key too.
    expect((await t.call('PUT', '/organizations/me', { key: live, body: { default_environment: 'production', name: 'Tienda' } })).status).toBe(200);
    expect((await t.call('PUT', '/organizations/me', { key: org.key, body: { default_environment: 'production', name: 'Tienda 2' } })).body.error.code).toBe('live_key_required');
    expect((await t.call('PUT', '/organizations/me', { key: org.key, body: { default_environment: 'staging' } })).body.error.code).toBe('live_key_required');
    expect((await t.call('PUT', '/organizations/me', { key: live, body: { default_environment: 'staging' } })).status).toBe(200);
  });
});

describe('the outgoing mail server, which carries production documents too', () => {
  const server = { host: 'smtp.tecnovalle.example.cr', port: 587, username: 'facturas@tecnovalle.example.cr', password: 'clave', from_address: 'facturas@tecnovalle.example.cr' };

  it('is changed or removed with a live key only (403 live_key_required for a test key), and read with either', async () => {
    const put = await t.call('PUT', '/settings/smtp', { key: org.key, body: server });
    expect(put.status).toBe(403);
    expect(put.body.error.code).toBe('live_key_required');
    expect((await t.call('PUT', '/settings/smtp', { key: live, body: server })).status).toBe(200);
    const removed = await t.call('DELETE', '/settings/smtp', { key: org.key });
    expect(removed.status).toBe(403);
    expect(removed.body.error.code).toBe('live_key_required');
    expect((await t.call('GET', '/settings/smtp', { key: org.key })).body.data).toMatchObject({ configured: true, host: server.host });
  });
});
