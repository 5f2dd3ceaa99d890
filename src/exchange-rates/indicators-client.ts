/**
 * The tax authority's public exchange-rate indicators (no authentication), on the public helper API's
 * host (HACIENDA_PUBLIC_API_URL):
 *   GET {base}indicadores/tc → {dolar: {venta: {fecha, valor}, compra: {fecha, valor}}, euro: {fecha, dolares, colones}}
 *   GET {base}indicadores/tc/dolar/historico/?d=YYYY-MM-DD&h=YYYY-MM-DD → [{fecha, compra, venta}]
 * Network errors, timeouts, non-2xx statuses and answers that are not the expected JSON are all
 * "unreachable": the caller answers from its cache then.
 */
import { getJson } from '../hacienda/http.ts';
import { toDecimal, type Dec } from '../domain/money.ts';
import { euroBuyRate } from './cross-rate.ts';
import type { PublishedCurrency } from './currencies.ts';
import { datePartOf } from './dates.ts';

/** One day's rate as published: colones per unit. */
export interface PublishedRate {
  currency: PublishedCurrency;
  date: string;
  buy: Dec;
  sell: Dec;
}

export type IndicatorsResult = { outcome: 'ok'; rates: PublishedRate[] } | { outcome: 'unreachable'; error: string };

export interface IndicatorsClientOptions {
  /** Base URL of the public helper API, ending with '/'. */
  baseUrl: string;
  /** Someone waits for the answer: give up as soon as the taxpayer look-up does. Default 5 s. */
  timeoutMs?: number;
}

export const INDICATORS_TIMEOUT_MS = 5_000;

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** A positive amount written as a JSON number or numeric text (read through its text: never a float sum). */
function amount(value: unknown): Dec | undefined {
  const decimal = toDecimal(value);
  return decimal && decimal.gt(0) ? decimal : undefined;
}

function rate(currency: PublishedCurrency, date: string | undefined, buy: Dec | undefined, sell: Dec | undefined): PublishedRate | undefined {
  return date && buy && sell ? { currency, date, buy, sell } : undefined;
}

/** `/indicadores/tc`: the dollar (required) and the euro (when readable) of the current day. */
export function readCurrentIndicators(json: unknown): PublishedRate[] | undefined {
  const dollar = record(record(json)?.dolar);
  const sell = record(dollar?.venta);
  const buy = record(dollar?.compra);
  const usd = rate('USD', datePartOf(sell?.fecha), amount(buy?.valor), amount(sell?.valor));
  if (!usd) return undefined;
  const euro = record(record(json)?.euro);
  const dollarsPerEuro = amount(euro?.dolares);
  const eur = rate('EUR', datePartOf(euro?.fecha), dollarsPerEuro && euroBuyRate(dollarsPerEuro, usd.buy), amount(euro?.colones));
  return eur ? [usd, eur] : [usd];
}

/** `/indicadores/tc/dolar/historico`: one dollar rate per day; undefined unless every entry is readable. */
export function readDollarHistory(json: unknown): PublishedRate[] | undefined {
  if (!Array.isArray(json)) return undefined;
  const rates = json.map((entry) => {
    const day = record(entry);
    return rate('USD', datePartOf(day?.fecha), amount(day?.compra), amount(day?.venta));
  });
  return rates.every((r) => r !== undefined) ? rates : undefined;
}

export class IndicatorsClient {
  private readonly timeoutMs: number;

  constructor(private readonly options: IndicatorsClientOptions) {
    this.timeoutMs = options.timeoutMs ?? INDICATORS_TIMEOUT_MS;
  }

  /** The current dollar and euro rates, in one call. */
  current(): Promise<IndicatorsResult> {
    return this.get('indicadores/tc', readCurrentIndicators);
  }

  /** The dollar's rate of every day from `from` to `to` (YYYY-MM-DD, inclusive). */
  dollarHistory(from: string, to: string): Promise<IndicatorsResult> {
    return this.get(`indicadores/tc/dolar/historico/?d=${from}&h=${to}`, readDollarHistory);
  }

  private async get(path: string, read: (json: unknown) => PublishedRate[] | undefined): Promise<IndicatorsResult> {
    const result = await getJson(`${this.options.baseUrl}${path}`, this.timeoutMs);
    if (result.kind === 'failed') return { outcome: 'unreachable', error: result.error };
    if (result.kind === 'status') return { outcome: 'unreachable', error: `HTTP ${result.status}` };
    const rates = read(result.json);
    return rates ? { outcome: 'ok', rates } : { outcome: 'unreachable', error: `unexpected answer: ${JSON.stringify(result.json)?.slice(0, 200)}` };
  }
}
