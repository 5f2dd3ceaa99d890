/**
 * Exchange-rate section (spec "Exchange rates"): the current rate, a past day's or a range's, a currency
 * pair, and the rate per entity, from the tax authority's indicators with an offline cache
 * (docs/exchange-rates.md). Every route needs `reference:read` (docs/abilities.md).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Clock } from '../../../domain/clock.ts';
import type { ExchangeRates } from '../../../exchange-rates/exchange-rates.ts';
import { ok } from '../../envelope.ts';
import { currencyParam, historicalDates, optionalDateParam } from './query.ts';
import { entityView, explanation, pairView, rateView } from './views.ts';
import {
  CurrentRateQuery, CurrentRateReply, EntitiesQuery, EntitiesReply, HistoricalRateQuery, HistoricalRateReply, PairQuery, PairReply,
} from './schemas.ts';

const config = { key: 'organization', abilities: ['reference:read'] } as const;
const tags = ['exchange-rates'];

/** What the section uses: the rates (indicators client and cache) and the clock. */
export interface ExchangeRateDependencies {
  exchangeRates: Pick<ExchangeRates, 'rate' | 'range' | 'pair' | 'entities' | 'today'>;
  clock: Clock;
}

export const exchangeRateRoutes: RoutePlugin<ExchangeRateDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const rates = deps.exchangeRates;

  app.get('/exchange-rates', {
    config,
    schema: { tags, summary: "Today's rate of a currency in colones (default USD), from the cache or the tax authority", querystring: CurrentRateQuery, response: { 200: CurrentRateReply } },
  }, async (request) => {
    const { currency, entity } = request.query;
    const answer = await rates.rate(currencyParam(currency, 'currency', 'USD'), undefined, entity);
    return ok(rateView(answer), explanation([answer], entity), deps.clock.now());
  });

  app.get('/exchange-rates/historical', {
    config,
    schema: { tags, summary: "A past day's rate (date), or one per day of a range (from, to)", querystring: HistoricalRateQuery, response: { 200: HistoricalRateReply } },
  }, async (request) => {
    const { entity } = request.query;
    const dates = historicalDates(request.query, rates.today());
    const currency = currencyParam(request.query.currency, 'currency', 'USD');
    if ('date' in dates) {
      const answer = await rates.rate(currency, dates.date, entity);
      return ok(rateView(answer), explanation([answer], entity), deps.clock.now());
    }
    const answers = await rates.range(currency, dates.from, dates.to, entity);
    return ok(answers.map(rateView), explanation(answers, entity), deps.clock.now());
  });

  app.get('/exchange-rates/pair', {
    config,
    schema: { tags, summary: 'How many units of one currency one unit of another is worth, crossed through the colón; rate = sell', querystring: PairQuery, response: { 200: PairReply } },
  }, async (request) => {
    const { entity } = request.query;
    const from = currencyParam(request.query.from, 'from');
    const to = currencyParam(request.query.to, 'to');
    const answer = await rates.pair(from, to, optionalDateParam(request.query.date, 'date', rates.today()), entity);
    return ok(pairView(answer), explanation([answer], entity), deps.clock.now());
  });

  app.get('/exchange-rates/entities', {
    config,
    schema: { tags, summary: "Each entity's rate of a currency on a day: the reference, then authorized entities with a stored rate", querystring: EntitiesQuery, response: { 200: EntitiesReply } },
  }, async (request) => {
    const currency = currencyParam(request.query.currency, 'currency', 'USD');
    const { rates: list, reference } = await rates.entities(currency, optionalDateParam(request.query.date, 'date', rates.today()));
    return ok(list.map(entityView), explanation([reference], undefined), deps.clock.now());
  });
};
