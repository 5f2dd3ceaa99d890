/**
 * /exchange-rates over real HTTP against the local simulator's indicators (`/indicadores/tc…`): current and
 * past rates as decimal text, a range in one call, pairs crossed through the colón (rate = sell), the rate
 * per entity, the cache (a stored day is never asked for again: the simulator counts requests), offline
 * answers (stale from the cache; unavailable with a note when nothing is stored), the fallback to the
 * reference for an entity without a rate, the spec's 400 codes, and the reference:read ability.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganization, startWithSimulator, type SeededOrganization, type TestServer } from './harness.ts';
import { simulatedDay } from '../../src/hacienda/simulator/indicators.ts';
import type { Simulator } from '../../src/hacienda/simulator/types.ts';
import { Dec } from '../../src/domain/money.ts';
import { saveExchangeRates } from '../../src/store/exchange-rates.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** 12:00 in Costa Rica on 2026-11-25. */
let now = Date.parse('2026-11-25T18:00:00Z');
const clock = { now: () => new Date(now) };

let simulator: Simulator;
let t: TestServer;
let stop: () => Promise<void>;
let org: SeededOrganization;

const get = (path: string, key = org.key) => t.call('GET', path, { key });
/** Indicators requests since the last call of this function. */
let seen = 0;
function newRequests(): string[] {
  const all = simulator.indicatorRequests();
  const fresh = all.slice(seen);
  seen = all.length;
  return fresh;
}

const colones = (cents: number) => new Dec(cents).div(100);
/** The simulator's published quotes of a day, as Decimals. */
function published(date: string) {
  const day = simulatedDay(date);
  const dollarsPerEuro = new Dec(day.eurDollarsTenThousandths).div(10_000);
  return {
    usd: { buy: colones(day.usdBuyCents), sell: colones(day.usdSellCents) },
    eur: { buy: dollarsPerEuro.times(colones(day.usdBuyCents)).toDecimalPlaces(2, Dec.ROUND_HALF_UP), sell: colones(day.eurColonesCents) },
  };
}
const texts = (q: { buy: Dec; sell: Dec }) => ({ buy: q.buy.toString(), sell: q.sell.toString() });
const tenDigits = (d: Dec) => d.toSignificantDigits(10, Dec.ROUND_HALF_UP).toString();
/** The whole ExchangeRate of the dollar's fresh reference rate of a day. */
const dollarReference = (date: string) => ({
  currency: 'USD', date, ...texts(published(date).usd), entity: 'bccr', source: 'hacienda', note: null, stale: false, fallback: false,
});

beforeAll(async () => {
  ({ simulator, t, close: stop } = await startWithSimulator({ clock }));
  org = seedOrganization(t);
});
afterEach(() => {
  simulator.faults = {};
});
afterAll(() => stop());

describe('current rates', () => {
  it("answers today's dollar reference rate from the indicators, as decimal text", async () => {
    const res = await get('/exchange-rates');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(dollarReference('2026-11-25'));
    expect(typeof res.body.data.buy).toBe('string');
    expect(res.body.message).toBeUndefined();
    expect(newRequests()).toEqual(['/indicadores/tc']);
  });

  it('the same call stored the euro: sell as published, buy derived from the dollar buy rate', async () => {
    const res = await get('/exchange-rates?currency=eur');
    expect(res.body.data).toMatchObject({ currency: 'EUR', date: '2026-11-25', ...texts(published('2026-11-25').eur), source: 'hacienda', stale: false });
    expect(newRequests()).toEqual([]);
  });

  it('is cached: asking again does not reach the tax authority', async () => {
    const again = await get('/exchange-rates?currency=USD');
    expect(again.body.data).toMatchObject({ date: '2026-11-25', ...texts(published('2026-11-25').usd) });
    expect(newRequests()).toEqual([]);
  });

  it('the colón is 1; an ISO currency without a source is unavailable with a note, still 200', async () => {
    expect((await get('/exchange-rates?currency=CRC')).body.data).toMatchObject({ currency: 'CRC', buy: '1', sell: '1', source: 'bccr', note: null });
    const gbp = await get('/exchange-rates?currency=GBP');
    expect(gbp.status).toBe(200);
    expect(gbp.body.data).toMatchObject({ currency: 'GBP', buy: null, sell: null, source: 'unavailable', stale: false });
    expect(gbp.body.data.note).toMatch(/No source publishes GBP rates/);
    expect(newRequests()).toEqual([]);
  });
});

describe('historical rates', () => {
  it('one past day is asked for once, then answered from the store', async () => {
    const res = await get('/exchange-rates/historical?date=2026-11-20');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(dollarReference('2026-11-20'));
    expect(newRequests()).toEqual(['/indicadores/tc/dolar/historico?d=2026-11-20&h=2026-11-20']);
    await get('/exchange-rates/historical?date=2026-11-20');
    expect(newRequests()).toEqual([]);
  });

  it('a range is one call for the days not stored, one ExchangeRate per day, today included', async () => {
    const res = await get('/exchange-rates/historical?from=2026-11-01&to=2026-11-25');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(25);
    expect(res.body.data.map((r: { date: string }) => r.date)).toEqual(Array.from({ length: 25 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`));
    for (const rate of res.body.data) expect(rate).toEqual(dollarReference(rate.date));
    // 11-20 and today were stored: the call spans the missing days only.
    expect(newRequests()).toEqual(['/indicadores/tc/dolar/historico?d=2026-11-01&h=2026-11-24']);
    await get('/exchange-rates/historical?from=2026-11-10&to=2026-11-15');
    expect(newRequests()).toEqual([]);
  });

  it("a past day of the euro, which the indicators publish for the current day only, is unavailable when not stored", async () => {
    const res = await get('/exchange-rates/historical?date=2026-10-01&currency=EUR');
    expect(res.body.data).toMatchObject({ currency: 'EUR', date: '2026-10-01', source: 'unavailable', buy: null });
    expect(res.body.data.note).toMatch(/euro's rate of the current day only/);
    expect(newRequests()).toEqual([]);
  });
});

describe('pairs', () => {
  const day = published('2026-11-25');

  it('USD→CRC is the dollar quote; rate equals sell', async () => {
    const res = await get('/exchange-rates/pair?from=USD&to=CRC');
    expect(res.body.data).toEqual({
      from: 'USD', to: 'CRC', date: '2026-11-25', ...texts(day.usd), rate: day.usd.sell.toString(),
      entity: 'bccr', source: 'hacienda', note: null, fallback: false, stale: false,
    });
  });

  it('CRC→USD is the inverse, bid and ask swapped', async () => {
    const res = await get('/exchange-rates/pair?from=crc&to=usd');
    const expected = { buy: tenDigits(new Dec(1).div(day.usd.sell)), sell: tenDigits(new Dec(1).div(day.usd.buy)) };
    expect(res.body.data).toMatchObject({ from: 'CRC', to: 'USD', ...expected, rate: expected.sell, source: 'hacienda' });
  });

  it('USD→EUR crosses through the colón', async () => {
    const res = await get('/exchange-rates/pair?from=USD&to=EUR');
    const expected = { buy: tenDigits(day.usd.buy.div(day.eur.sell)), sell: tenDigits(day.usd.sell.div(day.eur.buy)) };
    expect(res.body.data).toMatchObject({ from: 'USD', to: 'EUR', date: '2026-11-25', ...expected, rate: expected.sell, stale: false });
    expect(Number(res.body.data.rate)).toBeGreaterThan(0.85);
  });

  it('a past day, and a currency into itself', async () => {
    const past = await get('/exchange-rates/pair?from=USD&to=CRC&date=2026-11-20');
    expect(past.body.data).toMatchObject({ date: '2026-11-20', rate: published('2026-11-20').usd.sell.toString() });
    expect((await get('/exchange-rates/pair?from=EUR&to=EUR')).body.data).toMatchObject({ buy: '1', sell: '1', rate: '1' });
    expect(newRequests()).toEqual([]);
  });

  it('a pair with a currency that has no source is unavailable', async () => {
    const res = await get('/exchange-rates/pair?from=JPY&to=CRC');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ source: 'unavailable', buy: null, sell: null, rate: null });
    expect(res.body.data.note).toMatch(/JPY/);
  });
});

describe('entities and the fallback to the reference', () => {
  it('lists the reference rate of the day', async () => {
    const res = await get('/exchange-rates/entities');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ entity: 'bccr', provider: 'hacienda', date: '2026-11-25', ...texts(published('2026-11-25').usd), stale: false }]);
  });

  it('an entity without a rate falls back to the reference, and says so', async () => {
    const res = await get('/exchange-rates?entity=BNCR');
    expect(res.body.data).toMatchObject({ entity: 'bccr', source: 'hacienda', fallback: true, stale: false, ...texts(published('2026-11-25').usd) });
    expect(res.body.message).toMatch(/No hay un tipo de cambio guardado de BNCR: respondió el tipo de referencia \(bccr\)/);
    const pair = await get('/exchange-rates/pair?from=USD&to=CRC&entity=BNCR');
    expect(pair.body.data).toMatchObject({ entity: 'bccr', fallback: true });
    const named = await get('/exchange-rates?entity=hacienda');
    expect(named.body.data).toMatchObject({ entity: 'bccr', fallback: false });
  });

  it("an entity's stored window rate answers for it, and is listed after the reference", async () => {
    const fetchedAt = new Date(now).toISOString();
    saveExchangeRates(t.server.core.store.db, [{ currency: 'USD', entity: 'bncr', date: '2026-11-25', buy: '498.00', sell: '507.50', source: 'ventanilla', fetchedAt }]);
    const res = await get('/exchange-rates?entity=BNCR');
    expect(res.body.data).toMatchObject({ entity: 'bncr', source: 'ventanilla', buy: '498', sell: '507.5', fallback: false });
    const pair = await get('/exchange-rates/pair?from=USD&to=CRC&entity=bncr');
    expect(pair.body.data).toMatchObject({ entity: 'bncr', source: 'ventanilla', rate: '507.5', fallback: false });
    const list = await get('/exchange-rates/entities?currency=USD&date=2026-11-25');
    expect(list.body.data.map((e: { entity: string; provider: string }) => `${e.entity} ${e.provider}`)).toEqual(['bccr hacienda', 'bncr ventanilla']);
  });

  it("a range for an entity gives its own rate where stored, else the reference's marked fallback", async () => {
    const fetchedAt = new Date(now).toISOString();
    saveExchangeRates(t.server.core.store.db, [{ currency: 'USD', entity: 'bncr', date: '2026-11-20', buy: '497.00', sell: '506.00', source: 'ventanilla', fetchedAt }]);
    const res = await get('/exchange-rates/historical?from=2026-11-19&to=2026-11-21&entity=bncr');
    expect(res.body.data.map((r: { date: string; entity: string; fallback: boolean }) => `${r.date} ${r.entity} ${r.fallback}`))
      .toEqual(['2026-11-19 bccr true', '2026-11-20 bncr false', '2026-11-21 bccr true']);
    expect(res.body.data[0]).toMatchObject(texts(published('2026-11-19').usd));
    expect(res.body.data[1]).toMatchObject({ buy: '497', sell: '506' });
  });
});

describe('offline', () => {
  it('the next day, with the tax authority down, the last stored rate answers with stale', async () => {
    now += DAY; // 2026-11-26 in Costa Rica: nothing stored for it
    simulator.faults = { down: true };
    const res = await get('/exchange-rates');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ date: '2026-11-25', ...texts(published('2026-11-25').usd), source: 'hacienda', stale: true, fallback: false });
    expect(res.body.message).toMatch(/^Respondido con el tipo de cambio guardado del 2026-11-25: no se puede contactar a Hacienda/);
    const pair = await get('/exchange-rates/pair?from=USD&to=EUR');
    expect(pair.body.data).toMatchObject({ date: '2026-11-25', stale: true, source: 'hacienda' });
    const entities = await get('/exchange-rates/entities');
    expect(entities.body.data[0]).toMatchObject({ entity: 'bccr', date: '2026-11-25', stale: true });
  });

  it('a past day never stored, with nothing stored before it, is unavailable with a note', async () => {
    simulator.faults = { down: true };
    const res = await get('/exchange-rates/historical?date=2025-06-01');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ date: '2025-06-01', buy: null, sell: null, source: 'unavailable', stale: false });
    expect(res.body.data.note).toMatch(/^No USD rate for 2025-06-01 is stored, and the tax authority cannot be reached/);
  });

  it('a 5xx counts as unreachable too; once the tax authority answers again, the rates are fresh', async () => {
    now += 2 * MINUTE; // past the pause after a failed call
    simulator.faults = { status5xx: true };
    expect((await get('/exchange-rates')).body.data).toMatchObject({ stale: true });
    expect(newRequests().at(-1)).toBe('/indicadores/tc');
    simulator.faults = {};
    expect((await get('/exchange-rates')).body.data).toMatchObject({ stale: true }); // still within the pause: not asked
    expect(newRequests()).toEqual([]);
    now += 2 * MINUTE;
    const res = await get('/exchange-rates');
    expect(res.body.data).toMatchObject({ date: '2026-11-26', ...texts(published('2026-11-26').usd), stale: false });
    expect(newRequests()).toEqual(['/indicadores/tc']);
  });
});

describe('with an empty store and the tax authority down', () => {
  let empty: TestServer;
  let stopEmpty: () => Promise<void>;
  let key: string;

  beforeAll(async () => {
    const started = await startWithSimulator({ clock });
    started.simulator.faults = { down: true };
    ({ t: empty, close: stopEmpty } = started);
    key = seedOrganization(empty).key;
  });
  afterAll(() => stopEmpty());

  it('every endpoint answers 200 with source unavailable and a note', async () => {
    const rate = await empty.call('GET', '/exchange-rates', { key });
    expect(rate.status).toBe(200);
    expect(rate.body.data).toMatchObject({ currency: 'USD', buy: null, sell: null, source: 'unavailable', stale: false });
    expect(rate.body.data.note).toMatch(/^No USD rate for 2026-11-26 is stored, and the tax authority cannot be reached/);
    const pair = await empty.call('GET', '/exchange-rates/pair?from=EUR&to=USD', { key });
    expect(pair.body.data).toMatchObject({ source: 'unavailable', rate: null, note: expect.stringMatching(/No EUR rate/) });
    const entities = await empty.call('GET', '/exchange-rates/entities', { key });
    expect(entities.body.data).toEqual([]);
    expect(entities.body.message).toMatch(/No hay tipo de cambio de USD guardado/);
  });
});

describe('errors', () => {
  it.each([
    ['/exchange-rates/historical', 'missing_date'],
    ['/exchange-rates/historical?from=2026-11-01', 'missing_date'],
    ['/exchange-rates/historical?date=2026-02-30', 'invalid_date'],
    ['/exchange-rates/historical?date=26-11-2026', 'invalid_date'],
    ['/exchange-rates/historical?from=2026-11-10&to=2026-11-01', 'invalid_date'],
    ['/exchange-rates/historical?from=2024-01-01&to=2026-01-01', 'invalid_date'],
    ['/exchange-rates/pair?from=USD&to=CRC&date=yesterday', 'invalid_date'],
    ['/exchange-rates/historical?date=2099-01-01', 'future_date'],
    ['/exchange-rates/entities?date=2099-01-01', 'future_date'],
    ['/exchange-rates?currency=DOLLARS', 'invalid_currency'],
    ['/exchange-rates/historical?date=2026-11-20&currency=XYZ', 'invalid_currency'],
    ['/exchange-rates/pair?from=US&to=CRC', 'invalid_currency'],
    ['/exchange-rates/pair?from=USD', 'missing_params'],
  ])('%s → 400 %s in the error envelope', async (path, code) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: { code, message: expect.any(String) }, api_version: '1.0' });
  });

  it('the day after today in Costa Rica is future even while it is already that day in UTC', async () => {
    const saved = now;
    now = Date.parse('2026-11-27T03:00:00Z'); // 21:00 on 2026-11-26 in Costa Rica
    try {
      expect((await get('/exchange-rates/historical?date=2026-11-27')).body.error.code).toBe('future_date');
    } finally {
      now = saved;
    }
  });
});

describe('abilities', () => {
  it('needs an organization key with reference:read', async () => {
    const without = seedOrganization(t, { identificationNumber: '3101999888' }, { abilities: ['invoices:read'] });
    const forbidden = await get('/exchange-rates', without.key);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('forbidden');
    const readOnly = seedOrganization(t, { identificationNumber: '3101999777' }, { abilities: ['reference:read'] });
    expect((await get('/exchange-rates/entities', readOnly.key)).status).toBe(200);
    expect((await get('/exchange-rates', t.accountKey)).body.error.code).toBe('organization_key_required');
    expect((await t.call('GET', '/exchange-rates/pair?from=USD&to=CRC')).status).toBe(401);
  });

  it('is described in the OpenAPI document', async () => {
    const spec = (await t.call('GET', '/openapi.json')).body;
    const names = (path: string) => spec.paths[path].get.parameters.map((p: { name: string }) => p.name);
    expect(names('/api/v1/exchange-rates')).toEqual(['currency', 'entity']);
    expect(names('/api/v1/exchange-rates/historical')).toEqual(['date', 'from', 'to', 'currency', 'entity']);
    expect(names('/api/v1/exchange-rates/pair')).toEqual(['from', 'to', 'date', 'entity']);
    expect(names('/api/v1/exchange-rates/entities')).toEqual(['currency', 'date']);
    expect(spec.paths['/api/v1/exchange-rates/pair'].get.responses['200'].description).toMatch(/ExchangeRatePair/);
  });
});
