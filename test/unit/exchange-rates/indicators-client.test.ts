/**
 * The indicators client against the simulator's `/indicadores/tc…` (a real local HTTP server): the current
 * dollar and euro, the dollar's history (nothing after the simulator's today), and every failure —
 * 5xx, a dropped connection, a timeout — reported as unreachable rather than thrown. Also the simulator's
 * own answers that the client does not use (`/tc/dolar`, `/tc/euro`, a bad history query).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../src/hacienda/simulator/server.ts';
import { simulatedDay } from '../../../src/hacienda/simulator/indicators.ts';
import type { Simulator } from '../../../src/hacienda/simulator/types.ts';
import { IndicatorsClient, type IndicatorsResult } from '../../../src/exchange-rates/indicators-client.ts';

const clock = { now: () => new Date('2026-11-25T18:00:00Z') };
let sim: Simulator;
let client: IndicatorsClient;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, clock });
  client = new IndicatorsClient({ baseUrl: sim.publicApiUrl, timeoutMs: 300 });
});
afterEach(() => {
  sim.faults = {};
});
afterAll(() => sim.close());

const summary = (result: IndicatorsResult) =>
  result.outcome === 'ok' ? result.rates.map((r) => `${r.currency} ${r.date} ${r.buy.toString()} ${r.sell.toString()}`) : result;

describe('IndicatorsClient', () => {
  it("reads the current dollar and euro of the simulator's day", async () => {
    const day = simulatedDay('2026-11-25');
    const result = summary(await client.current());
    expect(result).toHaveLength(2);
    expect((result as string[])[0]).toBe(`USD 2026-11-25 ${day.usdBuyCents / 100} ${day.usdSellCents / 100}`);
    expect((result as string[])[1]).toMatch(new RegExp(`^EUR 2026-11-25 \\d+(\\.\\d{1,2})? ${day.eurColonesCents / 100}$`));
  });

  it("reads the dollar's history, which stops at today", async () => {
    const result = summary(await client.dollarHistory('2026-11-23', '2026-11-30'));
    expect((result as string[]).map((line) => line.split(' ')[1])).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
  });

  it('reports a 5xx, a dropped connection and a timeout as unreachable', async () => {
    sim.faults = { status5xx: true };
    expect(await client.current()).toEqual({ outcome: 'unreachable', error: 'HTTP 503' });
    sim.faults = { down: true };
    expect((await client.current()).outcome).toBe('unreachable');
    sim.faults = { slowMs: 1_000 };
    expect(await client.dollarHistory('2026-11-01', '2026-11-02')).toEqual({ outcome: 'unreachable', error: 'timeout' });
  });
});

describe("the simulator's indicators", () => {
  const get = async (path: string) => {
    const response = await fetch(`${sim.url}${path}`);
    return { status: response.status, body: await response.json() };
  };

  it('answers /tc/dolar and /tc/euro in the real shapes, the euro at the dollar sell rate', async () => {
    const day = simulatedDay('2026-11-25');
    const dollar = await get('/indicadores/tc/dolar');
    expect(dollar.body).toEqual({
      venta: { fecha: '2026-11-25T00:00:00-06:00', valor: day.usdSellCents / 100 },
      compra: { fecha: '2026-11-25T00:00:00-06:00', valor: day.usdBuyCents / 100 },
    });
    const euro = await get('/indicadores/tc/euro/');
    expect(euro.body).toEqual({ fecha: '2026-11-25T00:00:00-06:00', dolares: day.eurDollarsTenThousandths / 10_000, colones: day.eurColonesCents / 100 });
    expect(Math.abs(euro.body.dolares * dollar.body.venta.valor - euro.body.colones)).toBeLessThanOrEqual(0.005);
  });

  it('refuses a history query without two dates, and counts every request', async () => {
    const before = sim.indicatorRequests().length;
    expect((await get('/indicadores/tc/dolar/historico/?d=2026-11-01')).status).toBe(400);
    expect((await get('/indicadores/tc/dolar/historico?d=01-11-2026&h=2026-11-02')).status).toBe(400);
    expect((await get('/indicadores/tc/otra')).status).toBe(404);
    expect(sim.indicatorRequests().slice(before)).toEqual([
      '/indicadores/tc/dolar/historico?d=2026-11-01', '/indicadores/tc/dolar/historico?d=01-11-2026&h=2026-11-02', '/indicadores/tc/otra',
    ]);
  });
});
