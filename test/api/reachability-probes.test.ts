/**
 * Issue 12, Security 11, on the real server against the simulator: the reachability monitor never logs in
 * (no probe/probe, no token request that is not a real delivery's), touches only the environments where
 * the installation has ATV credentials, and rests while real deliveries answer.
 */
import { afterAll, expect, it } from 'vitest';
import { simulatorConfig, startTestServer, seedOrganization, SIMULATOR_PASSWORD, SIMULATOR_USER, type TestServer } from './harness.ts';
import { startSimulator } from '../../src/hacienda/simulator/server.ts';
import type { Simulator } from '../../src/hacienda/simulator/types.ts';
import { makeTestP12, TEST_PIN } from '../fixtures/certificates.ts';
import { exampleRequest } from '../fixtures/example-requests.ts';

let simulator: Simulator | undefined;
let t: TestServer | undefined;
afterAll(async () => {
  await t?.close();
  await simulator?.close();
});

it('probes without credentials, only where the shop has ATV credentials, and not while deliveries answer', async () => {
  simulator = await startSimulator({ port: 0, users: { [SIMULATOR_USER]: SIMULATOR_PASSWORD } });
  t = await startTestServer({ delivery: true, hacienda: simulatorConfig(simulator) });
  const monitor = t.server.core.hacienda.monitor;
  const org = seedOrganization(t);

  // A fresh install talks to nobody: no environment is in use yet.
  expect(monitor.dueForProbe()).toEqual([]);
  expect(simulator.idpRequests()).toEqual([]);

  const p12 = makeTestP12({ pin: TEST_PIN, algorithm: '3des' }).toString('base64');
  const upload = await t.call('POST', '/organizations/me/certificate', { key: org.key, body: { certificate: p12, pin: TEST_PIN, atv_user: SIMULATOR_USER, atv_password: SIMULATOR_PASSWORD } });
  expect(upload.status, upload.text).toBeLessThan(300);

  // Staging is in use now; production never is. A probe reads the realm's public configuration.
  expect((await monitor.probe('staging')).message).toBe('ok');
  const issued = await t.call('POST', '/electronic-documents', { key: org.key, body: exampleRequest('04-tiquete', new Date(Date.now() - 60_000)) });
  expect(issued.status, issued.text).toBe(201);
  const clave = issued.body.data.document_key as string;
  await expect.poll(async () => (await t!.call('GET', `/electronic-documents/${clave}`, { key: org.key })).body.data?.status, { timeout: 15_000, interval: 100 }).toBe('accepted');

  // The delivery's token request and answers count as contact: no probe is due for staging meanwhile.
  expect(monitor.dueForProbe()).toEqual([]);
  const requests = simulator.idpRequests();
  const logins = requests.filter((r) => r.method === 'POST');
  expect(logins.length).toBeGreaterThan(0);
  expect(logins.every((r) => r.username === SIMULATOR_USER || r.grantType === 'refresh_token')).toBe(true);
  expect(requests.some((r) => r.username === 'probe')).toBe(false);
  expect(requests.filter((r) => r.method === 'GET').map((r) => r.path)).toEqual(['/auth/realms/rut-stag/.well-known/openid-configuration']);
  expect(requests.some((r) => r.path.startsWith('/auth/realms/rut/'))).toBe(false);
});
