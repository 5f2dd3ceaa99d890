/** The reachability monitor's view of each simulator fault, from probes and from real client calls. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ReachabilityMonitor } from '../../../src/hacienda/reachability.ts';
import { recepcionBodyFor } from '../../../src/hacienda/recepcion-body.ts';
import { RecepcionClient } from '../../../src/hacienda/recepcion-client.ts';
import { startSimulator } from '../../../src/hacienda/simulator/server.ts';
import type { Simulator } from '../../../src/hacienda/simulator/types.ts';
import { TokenManager } from '../../../src/hacienda/token-manager.ts';
import { configFor, CREDENTIALS, signedExample, until, USERS } from './fixtures.ts';

let sim: Simulator;
let monitor: ReachabilityMonitor;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, users: USERS });
  monitor = new ReachabilityMonitor({ config: configFor(sim), timeoutMs: 300 });
});
afterEach(() => {
  sim.faults = {};
});
afterAll(() => sim.close());

describe('ReachabilityMonitor probes', () => {
  it('knows nothing before the first check', () => {
    expect(new ReachabilityMonitor({ config: configFor(sim) }).status('staging')).toEqual({ available: false, message: 'unknown', token: null, api: null, lastSuccess: null });
  });

  it('ok when both answer, with times and dates', async () => {
    const status = await monitor.probe('staging');
    expect(status).toMatchObject({ available: true, message: 'ok', token: { available: true, detail: 'ok' }, api: { available: true, detail: 'ok' } });
    expect(status.token!.response_time_ms).toBeGreaterThanOrEqual(0);
    expect(Date.parse(status.api!.checked_at)).not.toBeNaN();
  });

  it.each([
    [{ down: true }, 'down'],
    [{ tokenFailure: true }, 'token_unavailable'],
    [{ status5xx: true }, 'api_unavailable'],
    [{ slowMs: 1_000 }, 'down'],
  ] as const)('%o → %s', async (faults, message) => {
    sim.faults = { ...faults };
    const status = await monitor.probe('staging');
    expect(status).toMatchObject({ available: false, message });
    sim.faults = {};
    expect(await monitor.probe('staging')).toMatchObject({ available: true, message: 'ok' });
  });

  it('keeps the last contact with the API while it does not answer (the offline banner shows it)', async () => {
    const before = (await monitor.probe('staging')).lastSuccess;
    expect(before).not.toBeNull();
    for (const faults of [{ down: true }, { status5xx: true }]) {
      sim.faults = faults;
      expect((await monitor.probe('staging')).lastSuccess).toBe(before);
    }
    sim.faults = {};
    expect((await monitor.probe('staging')).lastSuccess! >= before!).toBe(true);
  });

  it('probes periodically and leaves no timer after stop()', async () => {
    const periodic = new ReachabilityMonitor({ config: configFor(sim), intervalMs: 30, timeoutMs: 300, environments: ['production'] });
    periodic.start();
    sim.faults = { status5xx: true };
    const seen = await until(async () => periodic.status('production'), (s) => s.message === 'api_unavailable', 3_000);
    expect(seen.message).toBe('api_unavailable');
    await periodic.stop();
    sim.faults = {};
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(periodic.status('production').message).toBe('api_unavailable'); // no probe ran after stop()
    expect(periodic.status('staging').message).toBe('unknown');
  });
});

describe('ReachabilityMonitor fed by real calls', () => {
  it('records the outcome of token requests and API calls', async () => {
    const fed = new ReachabilityMonitor({ config: configFor(sim) });
    const config = configFor(sim);
    const client = new RecepcionClient({ config, tokens: new TokenManager({ config, monitor: fed, timeoutMs: 300 }), monitor: fed, timeoutMs: 300 });
    expect(await client.submit('staging', CREDENTIALS, recepcionBodyFor(signedExample('04-tiquete')))).toMatchObject({ outcome: 'received' });
    expect(fed.status('staging').message).toBe('ok');

    sim.faults = { status5xx: true };
    await client.status('staging', CREDENTIALS, '5'.repeat(50));
    expect(fed.status('staging')).toMatchObject({ message: 'api_unavailable', api: { detail: 'HTTP 503' } });

    sim.faults = { down: true };
    await client.submit('staging', CREDENTIALS, recepcionBodyFor(signedExample('04-tiquete')));
    expect(fed.status('staging').api).toMatchObject({ available: false });

    sim.faults = { dropAfterReceipt: true };
    expect(await client.submit('staging', CREDENTIALS, recepcionBodyFor(signedExample('04-tiquete')))).toMatchObject({ outcome: 'received' });
    expect(fed.status('staging').message).toBe('ok'); // a reception that is never decided is not an outage
  });
});

/**
 * Issue 12, Security 11: the probes never log in (the real IdP counts every probe/probe attempt as a failed
 * login), touch only the environments the installation uses, and rest while real calls show contact.
 */
describe('ReachabilityMonitor probes without logging in', () => {
  const logins = () => sim.idpRequests().filter((r) => r.method === 'POST');
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('reads the realm\'s OpenID configuration instead of trying a user and password', async () => {
    const before = sim.idpRequests().length;
    const loginsBefore = logins().length;
    expect(await monitor.probe('production')).toMatchObject({ message: 'ok', token: { available: true, detail: 'ok' } });
    expect(sim.idpRequests().slice(before)).toEqual([{ method: 'GET', path: '/auth/realms/rut/.well-known/openid-configuration' }]);
    expect(logins().length).toBe(loginsBefore);
    expect(sim.idpRequests().some((r) => r.username === 'probe')).toBe(false);
  });

  it('probes only the environments the installation uses, as that set changes', async () => {
    let used: ('staging' | 'production')[] = [];
    const periodic = new ReachabilityMonitor({ config: configFor(sim), intervalMs: 20, timeoutMs: 300, environments: () => used });
    const before = sim.idpRequests().length;
    periodic.start();
    await sleep(120);
    expect(sim.idpRequests().length).toBe(before);
    expect(periodic.status('staging').message).toBe('unknown');
    used = ['staging'];
    await until(async () => periodic.status('staging'), (s) => s.message === 'ok', 3_000);
    await periodic.stop();
    expect(periodic.status('production').message).toBe('unknown');
    expect(sim.idpRequests().slice(before).every((r) => r.path === '/auth/realms/rut-stag/.well-known/openid-configuration')).toBe(true);
  });

  it('does not probe an environment whose real calls answered within the period', async () => {
    const fed = new ReachabilityMonitor({ config: configFor(sim), intervalMs: 60_000, timeoutMs: 300, environments: ['staging'] });
    fed.recordToken('staging', true, 12, 'ok');
    fed.recordApi('staging', true, 30, 'ok');
    const before = sim.idpRequests().length;
    fed.start();
    await sleep(100);
    await fed.stop();
    expect(sim.idpRequests().length).toBe(before);
    expect(fed.status('staging')).toMatchObject({ message: 'ok', api: { response_time_ms: 30 } });
  });
});
