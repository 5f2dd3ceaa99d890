/** Token caching, refresh before expiry, full login after the refresh token dies — against the simulator's IdP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../src/hacienda/simulator/server.ts';
import type { Simulator } from '../../../src/hacienda/simulator/types.ts';
import { TokenManager } from '../../../src/hacienda/token-manager.ts';
import { configFor, CREDENTIALS, ManualClock, USERS } from './fixtures.ts';

let sim: Simulator;
const clock = new ManualClock();

beforeAll(async () => {
  // Short lifetimes (60 s access, 600 s refresh) on a clock both sides share.
  sim = await startSimulator({ port: 0, users: USERS, clock, accessTokenSeconds: 60, refreshTokenSeconds: 600 });
});
afterAll(() => sim.close());

/** Counts the IdP calls a manager makes, by observing its reachability reports. */
function counting(): { manager: TokenManager; calls: () => number } {
  let calls = 0;
  const monitor = { recordToken: () => void calls++, recordApi: () => {} };
  return { manager: new TokenManager({ config: configFor(sim), clock, monitor, marginSeconds: 10 }), calls: () => calls };
}

async function tokenOf(manager: TokenManager): Promise<string> {
  const result = await manager.getToken('staging', CREDENTIALS);
  if (!result.ok) throw new Error(result.error);
  return result.token;
}

describe('TokenManager', () => {
  it('logs in once and reuses the token while it lives', async () => {
    const { manager, calls } = counting();
    const [a, b] = await Promise.all([tokenOf(manager), tokenOf(manager)]);
    expect(a).toBe(b);
    expect(await tokenOf(manager)).toBe(a);
    expect(calls()).toBe(1);
  });

  it('refreshes shortly before expiry, then logs in again after the refresh token expired', async () => {
    const { manager, calls } = counting();
    const first = await tokenOf(manager);
    clock.advance(55); // within the 10 s margin of the 60 s lifetime
    const refreshed = await tokenOf(manager);
    expect(refreshed).not.toBe(first);
    expect(calls()).toBe(2);
    clock.advance(700); // both tokens dead: the refresh token cannot be used
    const relogged = await tokenOf(manager);
    expect(relogged).not.toBe(refreshed);
    expect(calls()).toBe(3); // no refresh attempt with a dead refresh token
    const api = await fetch(`${sim.apiUrl}recepcion/${'5'.repeat(50)}`, { headers: { Authorization: `bearer ${relogged}` } });
    expect(api.status).toBe(404); // the new token works
  });

  it('tells a wrong ATV password from a client id the configuration got wrong', async () => {
    const wrongPassword = await counting().manager.getToken('staging', { ...CREDENTIALS, password: 'not-the-password' });
    expect(wrongPassword).toMatchObject({ ok: false, reason: 'credentials_rejected', error: 'invalid_grant' });
    // Production's client id sent to the staging realm: the IdP answers invalid_client, which no password fixes.
    const misrouted = new TokenManager({ config: { ...configFor(sim), production: { idpUrl: sim.idpUrlStaging, apiUrl: sim.apiUrl } }, clock });
    const result = await misrouted.getToken('production', CREDENTIALS);
    expect(result).toMatchObject({ ok: false, reason: 'unreachable' });
    expect(!result.ok && result.error).toContain('invalid_client');
  });

  it('logs in again when the refresh token is refused (the IdP lost its sessions)', async () => {
    const { manager, calls } = counting();
    const first = await tokenOf(manager);
    // A restart on the same port: same URLs, no sessions.
    const port = sim.port;
    await sim.close();
    sim = await startSimulator({ port, users: USERS, clock, accessTokenSeconds: 60, refreshTokenSeconds: 600 });
    clock.advance(55);
    const second = await tokenOf(manager);
    expect(second).not.toBe(first);
    expect(calls()).toBe(3); // login, refused refresh, login
  });

  it('tells wrong credentials from an unreachable IdP', async () => {
    const { manager } = counting();
    const wrong = await manager.getToken('staging', { ...CREDENTIALS, organizationId: 'org-x', password: 'wrong' });
    expect(wrong).toMatchObject({ ok: false, reason: 'credentials_rejected', error: 'invalid_grant' });
    sim.faults = { tokenFailure: true };
    try {
      const down = await manager.getToken('staging', { ...CREDENTIALS, organizationId: 'org-y' });
      expect(down).toMatchObject({ ok: false, reason: 'unreachable' });
    } finally {
      sim.faults = {};
    }
  });
});
