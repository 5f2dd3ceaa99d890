/**
 * Exchange-rate arithmetic and the reading of the tax authority's indicators: pairs crossed through the
 * colón (buy = X.buy / Y.sell, sell = X.sell / Y.buy), inverses swapping bid and ask, 10 significant
 * digits on derived rates, the euro's buy rate derived as the central bank derives its sell rate, and
 * amounts read from their JSON text, never summed as floats.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Dec } from '../../../src/domain/money.ts';
import { COLON_QUOTE, crossQuote, euroBuyRate, type Quote } from '../../../src/exchange-rates/cross-rate.ts';
import { readCurrentIndicators, readDollarHistory } from '../../../src/exchange-rates/indicators-client.ts';

const quote = (buy: string, sell: string): Quote => ({ buy: new Dec(buy), sell: new Dec(sell) });
const text = (q: Quote) => ({ buy: q.buy.toString(), sell: q.sell.toString() });

describe('crossQuote', () => {
  const usd = quote('579.2', '586');
  const eur = quote('643.78', '651.34');

  it('a currency into colones is its own quote', () => {
    expect(text(crossQuote(usd, COLON_QUOTE))).toEqual({ buy: '579.2', sell: '586' });
  });

  it('colones into a currency is the inverse, bid and ask swapped, to 10 significant digits', () => {
    // 1 / 586 = 0.00170648464163…, 1 / 579.2 = 0.00172651933701…
    expect(text(crossQuote(COLON_QUOTE, usd))).toEqual({ buy: '0.001706484642', sell: '0.001726519337' });
  });

  it('dollars into euros: sell the dollar at its buy rate, buy the euro at its sell rate', () => {
    // 579.2 / 651.34 = 0.889243712961…, 586 / 643.78 = 0.910248842772…
    expect(text(crossQuote(usd, eur))).toEqual({ buy: '0.889243713', sell: '0.9102488428' });
  });

  it('a currency into itself is 1 at the reference, less than 1 to buy and sell back at a spread', () => {
    expect(text(crossQuote(COLON_QUOTE, COLON_QUOTE))).toEqual({ buy: '1', sell: '1' });
    const round = crossQuote(usd, usd);
    expect(round.buy.lt(1) && round.sell.gt(1)).toBe(true);
  });

  it('keeps buy ≤ sell for any quotes with buy ≤ sell', () => {
    const amount = fc.integer({ min: 1, max: 10_000_000 }).map((cents) => new Dec(cents).div(100));
    const anyQuote = fc.tuple(amount, amount).map(([a, b]) => ({ buy: Dec.min(a, b), sell: Dec.max(a, b) }));
    fc.assert(fc.property(anyQuote, anyQuote, (x, y) => {
      const pair = crossQuote(x, y);
      return pair.buy.lte(pair.sell) && pair.buy.gt(0);
    }));
  });
});

describe('euroBuyRate', () => {
  it('is the euro in dollars at the dollar buy rate, to 2 decimals, rounding half up', () => {
    // The sell rate the central bank publishes is derived the same way: 1.1115 × 586 = 651.339 → 651.34.
    expect(euroBuyRate(new Dec('1.1115'), new Dec('586')).toString()).toBe('651.34');
    expect(euroBuyRate(new Dec('1.1115'), new Dec('579.2')).toString()).toBe('643.78'); // 643.7808
    expect(euroBuyRate(new Dec('1.5'), new Dec('0.03')).toString()).toBe('0.05'); // 0.045
  });
});

describe('reading the indicators', () => {
  it('/indicadores/tc: the dollar and the euro of the day, amounts exact', () => {
    const rates = readCurrentIndicators({
      dolar: { venta: { fecha: '2019-10-24T00:00:00-06:00', valor: 586 }, compra: { fecha: '2019-10-24T00:00:00-06:00', valor: 579.2 } },
      euro: { fecha: '2019-10-24T00:00:00-06:00', dolares: 1.1115, colones: 651.34 },
    });
    expect(rates?.map((r) => ({ currency: r.currency, date: r.date, ...text(r) }))).toEqual([
      { currency: 'USD', date: '2019-10-24', buy: '579.2', sell: '586' },
      { currency: 'EUR', date: '2019-10-24', buy: '643.78', sell: '651.34' },
    ]);
  });

  it('/indicadores/tc: the dollar alone when the euro is unreadable; nothing without the dollar', () => {
    const dolar = { venta: { fecha: '2019-10-24T00:00:00-06:00', valor: '586.00' }, compra: { fecha: '2019-10-24T00:00:00-06:00', valor: '579.20' } };
    expect(readCurrentIndicators({ dolar, euro: { fecha: 'ayer', colones: 651.34 } })?.map((r) => r.currency)).toEqual(['USD']);
    expect(readCurrentIndicators({ dolar: { venta: dolar.venta } })).toBeUndefined();
    expect(readCurrentIndicators({ dolar: { ...dolar, compra: { fecha: dolar.compra.fecha, valor: -1 } } })).toBeUndefined();
    expect(readCurrentIndicators([])).toBeUndefined();
  });

  it('/indicadores/tc/dolar/historico: every entry readable, or none taken', () => {
    const history = readDollarHistory([
      { fecha: '2019-12-01 00:00:00', compra: 558.9, venta: 565.89 },
      { fecha: '2019-12-02 00:00:00', compra: 560.22, venta: 567.65 },
    ]);
    expect(history?.map((r) => `${r.date} ${r.buy.toString()} ${r.sell.toString()}`)).toEqual(['2019-12-01 558.9 565.89', '2019-12-02 560.22 567.65']);
    expect(readDollarHistory([])).toEqual([]);
    expect(readDollarHistory([{ fecha: '2019-12-01 00:00:00', compra: 'n/a', venta: 565.89 }])).toBeUndefined();
    expect(readDollarHistory({ fecha: '2019-12-01 00:00:00' })).toBeUndefined();
  });
});
