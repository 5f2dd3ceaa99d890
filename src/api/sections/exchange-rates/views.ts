/**
 * The exchange-rate service's answers as the spec's shapes (ExchangeRate, ExchangeRatePair,
 * ExchangeRateEntity): amounts as decimal text, `null` where there is none, and the envelope message that
 * says why an answer is stale or comes from the reference instead of the entity asked for.
 */
import type { Answered, RateAnswer } from '../../../exchange-rates/answers.ts';
import type { EntityRate, PairAnswer } from '../../../exchange-rates/exchange-rates.ts';
import type { ExchangeRatePairView, ExchangeRateView, ExchangeRateEntityView } from './schemas.ts';

export function rateView(answer: RateAnswer): ExchangeRateView {
  return {
    currency: answer.currency,
    date: answer.date,
    buy: answer.quote?.buy.toString() ?? null,
    sell: answer.quote?.sell.toString() ?? null,
    entity: answer.entity,
    source: answer.source,
    note: answer.note ?? null,
    stale: answer.stale,
    fallback: answer.fallback,
  };
}

export function pairView(answer: PairAnswer): ExchangeRatePairView {
  const sell = answer.quote?.sell.toString() ?? null;
  return {
    from: answer.from,
    to: answer.to,
    date: answer.date,
    buy: answer.quote?.buy.toString() ?? null,
    sell,
    rate: sell,
    entity: answer.entity,
    source: answer.source,
    note: answer.note ?? null,
    fallback: answer.fallback,
    stale: answer.stale,
  };
}

export function entityView(rate: EntityRate): ExchangeRateEntityView {
  return { entity: rate.entity, provider: rate.provider, date: rate.date, buy: rate.quote.buy.toString(), sell: rate.quote.sell.toString(), stale: rate.stale };
}

/** Why answers are stale, fell back or are missing, one sentence each, or undefined when nothing needs saying. */
export function explanation(answers: readonly Answered[], entity: string | undefined): string | undefined {
  const sentences = new Set<string>();
  for (const a of answers) {
    if (a.fallback) sentences.add(`No stored rate of ${entity ?? 'the entity asked for'}: the reference rate (bccr) answered.`);
    if (a.stale) sentences.add(`Answered with the stored rate of ${a.date}: ${a.staleReason ?? 'no newer rate is known'}.`);
    if (a.note) sentences.add(a.note);
  }
  return sentences.size > 0 ? [...sentences].join(' ') : undefined;
}
