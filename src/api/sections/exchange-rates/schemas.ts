/**
 * Schemas of /exchange-rates: their queries, and their answers (spec ExchangeRate, ExchangeRatePair,
 * ExchangeRateEntity) so that the OpenAPI shows them and the views are typed by them. Dates and
 * currencies are plain strings here: their errors are the spec's own codes (`invalid_date`,
 * `invalid_currency`…), raised by api/sections/exchange-rates/query.ts, not a schema's validation_error.
 * Members beyond the spec (`currency`, `stale` and `fallback` on ExchangeRate, `stale` on
 * ExchangeRateEntity) are documented in docs/exchange-rates.md.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { Envelope, Nullable } from '../../schema-types.ts';

const Param = (description: string) => Type.Optional(Type.String({ description }));
const CurrencyParam = (description: string) => Param(`ISO 4217 code, any case (invalid_currency otherwise); ${description}`);
const DateParam = (description: string) => Param(`YYYY-MM-DD, not after today in Costa Rica (invalid_date, future_date); ${description}`);
const EntityParam = Type.Optional(Type.String({
  pattern: '^[A-Za-z0-9_.-]{1,40}$',
  description: 'an authorized entity (e.g. BNCR); bccr or hacienda name the reference rate (default). Without a stored rate of that entity the reference answers with fallback true',
}));

export const CurrentRateQuery = Type.Object({ currency: CurrencyParam('default USD'), entity: EntityParam });

export const HistoricalRateQuery = Type.Object({
  date: DateParam('one day (an ExchangeRate); or give from and to'),
  from: DateParam('first day of a range (an array of ExchangeRate, one per day, at most 366 days)'),
  to: DateParam('last day of a range, inclusive'),
  currency: CurrencyParam('default USD'),
  entity: EntityParam,
});

export const PairQuery = Type.Object({
  from: CurrencyParam('required (missing_params): the currency converted'),
  to: CurrencyParam('required (missing_params): the currency converted into'),
  date: DateParam('default: the current rate'),
  entity: EntityParam,
});

export const EntitiesQuery = Type.Object({ currency: CurrencyParam('default USD'), date: DateParam('default: the current rate') });

const DecimalText = (description: string) => Nullable({ type: 'string', description: `decimal text; ${description}; null when unavailable` });
const Source = Type.Enum(['hacienda', 'bccr', 'ventanilla', 'mercado', 'unavailable'], {
  description: 'hacienda or bccr: the reference rate; ventanilla: an authorized entity\'s rate; mercado: other currencies (no source offers them); unavailable: no rate, see note',
});
const RateDate = Type.String({ format: 'date', description: 'the day of the rate used (earlier than asked when stale); the day asked when unavailable' });
const Note = Nullable({ type: 'string', description: 'why the rate is unavailable; null otherwise' });
const Stale = Type.Boolean({ description: 'a stored rate answered because the source could not give the day asked for (the envelope message says why)' });
const Fallback = Type.Boolean({ description: 'the entity asked for has no rate: the reference answered' });

export const ExchangeRate = Type.Object({
  currency: Type.String({ description: 'ISO 4217 code of the currency priced' }),
  date: RateDate,
  buy: DecimalText('colones per unit, buying'),
  sell: DecimalText('colones per unit, selling (the rate a document in this currency uses)'),
  entity: Type.String({ description: 'bccr for the reference rate, else the authorized entity' }),
  source: Source,
  note: Note,
  stale: Stale,
  fallback: Fallback,
});

export const ExchangeRatePair = Type.Object({
  from: Type.String(),
  to: Type.String(),
  date: RateDate,
  buy: DecimalText('units of to per unit of from, buying'),
  sell: DecimalText('units of to per unit of from, selling'),
  rate: DecimalText('equals sell'),
  entity: Type.String(),
  source: Source,
  note: Note,
  fallback: Fallback,
  stale: Stale,
});

export const ExchangeRateEntity = Type.Object({
  entity: Type.String(),
  provider: Type.String({ description: 'where the rate comes from: hacienda for the reference, ventanilla for an authorized entity' }),
  date: RateDate,
  buy: Type.String({ description: 'decimal text, colones per unit' }),
  sell: Type.String({ description: 'decimal text, colones per unit' }),
  stale: Stale,
});

export type ExchangeRateView = Static<typeof ExchangeRate>;
export type ExchangeRatePairView = Static<typeof ExchangeRatePair>;
export type ExchangeRateEntityView = Static<typeof ExchangeRateEntity>;

/** The success envelope around `data`, whose message says why an answer is not the live one. */
const reply = <D extends TSchema>(data: D, description: string) =>
  Envelope(data, {}, { description, message: 'why an answer is stale, fell back or is unavailable' });

export const CurrentRateReply = reply(ExchangeRate, 'ExchangeRate; source unavailable (with a note) when there is no rate at all, still HTTP 200');
export const HistoricalRateReply = reply(Type.Union([ExchangeRate, Type.Array(ExchangeRate)]), 'ExchangeRate for date; an array of ExchangeRate, one per day, for from and to');
export const PairReply = reply(ExchangeRatePair, 'ExchangeRatePair: units of to per unit of from, crossed through the colón');
export const EntitiesReply = reply(Type.Array(ExchangeRateEntity), 'ExchangeRateEntity items: the reference first, then authorized entities with a stored rate');
