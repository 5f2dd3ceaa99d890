/**
 * The taxpayer cache policy over a real store and the simulator: fresh entries answer without asking,
 * old ones are refreshed, an unreachable service leaves the old entry answering (stale), and a number
 * the register no longer knows leaves the cache.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaxpayerClient } from '../../../src/hacienda/taxpayer-client.ts';
import { TAXPAYER_CACHE_TTL_MS, TaxpayerLookup } from '../../../src/hacienda/taxpayer-lookup.ts';
import { startSimulator } from '../../../src/hacienda/simulator/server.ts';
import type { Simulator } from '../../../src/hacienda/simulator/types.ts';
import { openStore, type Store } from '../../../src/store/database.ts';
import { findCachedTaxpayer } from '../../../src/store/taxpayers.ts';
import { ManualClock } from './fixtures.ts';

let sim: Simulator;
let store: Store;
let dir: string;
const clock = new ManualClock();

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  dir = mkdtempSync(join(tmpdir(), 'taxpayers-'));
  store = openStore(join(dir, 'f.db'));
});
afterAll(async () => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
  await sim.close();
});

const lookup = (baseUrl = sim.publicApiUrl) => new TaxpayerLookup({ client: new TaxpayerClient({ baseUrl, timeoutMs: 500 }), db: store.db, clock });

describe('TaxpayerLookup', () => {
  it('caches an answer with its searchable name, and answers from the cache while it is fresh', async () => {
    expect(await lookup().byIdentification('205550555')).toMatchObject({ outcome: 'found', source: 'network' });
    expect(findCachedTaxpayer(store.db, '205550555')).toMatchObject({ name: 'DE LA O RODRIGUEZ MARIA DE LOS ANGELES', identificationType: '01', fetchedAt: clock.now().toISOString() });
    sim.faults = { down: true };
    clock.advance(TAXPAYER_CACHE_TTL_MS / 1000 - 1);
    expect(await lookup().byIdentification('205550555')).toMatchObject({ outcome: 'found', source: 'cache' });
    clock.advance(1);
    expect(await lookup().byIdentification('205550555')).toMatchObject({ outcome: 'found', source: 'stale', error: expect.any(String) });
    sim.faults = {};
    expect(await lookup().byIdentification('205550555')).toMatchObject({ outcome: 'found', source: 'network' });
    expect(lookup().byName(['MARIA', 'DE LA O'], 10).map((t) => t.identification)).toEqual(['205550555']);
  });

  it('forgets a cached taxpayer the register no longer knows', async () => {
    expect(await lookup().byIdentification('3102654321')).toMatchObject({ outcome: 'found' });
    clock.advance(TAXPAYER_CACHE_TTL_MS / 1000);
    // Every path but fe/ae answers 404 on the simulator: a register without this taxpayer.
    expect(await lookup(`${sim.url}/vacio/`).byIdentification('3102654321')).toEqual({ outcome: 'not_found' });
    expect(findCachedTaxpayer(store.db, '3102654321')).toBeUndefined();
    expect(lookup().byName(['DISTRIBUIDORA'], 10)).toEqual([]);
  });

  it('says unreachable when nothing is cached', async () => {
    sim.faults = { down: true };
    expect(await lookup().byIdentification('109990999')).toMatchObject({ outcome: 'unreachable' });
    sim.faults = {};
  });
});
