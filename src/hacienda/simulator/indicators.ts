/**
 * The simulator's exchange-rate indicators, in the real service's paths and JSON shapes (no
 * authentication), with fictitious rates that depend on the date only, so that tests and offline practice
 * get the same figures every time:
 *   GET /indicadores/tc                      {dolar: {venta: {fecha, valor}, compra: {fecha, valor}}, euro: {fecha, dolares, colones}}
 *   GET /indicadores/tc/dolar                {venta, compra}
 *   GET /indicadores/tc/euro                 {fecha, dolares, colones}
 *   GET /indicadores/tc/dolar/historico/?d=YYYY-MM-DD&h=YYYY-MM-DD   [{fecha, compra, venta}], up to today
 * "Today" is the simulator clock's day in Costa Rica. Every request is counted, so that tests can tell
 * whether the app asked or answered from its cache.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '../../domain/clock.ts';
import { formatCostaRicaDateTime } from '../../domain/costa-rica-time.ts';
import { sendJson } from './http-util.ts';
import type { SimulatorFaults } from './types.ts';

const PREFIX = '/indicadores/tc';
const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest history one request returns (about ten years), as a bound on the answer's size. */
const MAX_HISTORY_DAYS = 3660;

/** A day's fictitious rates, in whole hundredths (colones) and ten-thousandths (dollars per euro). */
export interface SimulatedDay {
  usdBuyCents: number;
  usdSellCents: number;
  eurDollarsTenThousandths: number;
  eurColonesCents: number;
}

const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Integer arithmetic only: the figures must be exact decimals once divided for the JSON. */
export function simulatedDay(date: string): SimulatedDay {
  const n = dayNumber(date);
  const usdSellCents = 50_000 + ((n * 7_919) % 2_500); // ₡500.00 – ₡524.99
  const usdBuyCents = usdSellCents - 650 - (n % 50); // a spread of ₡6.50 – ₡6.99
  const eurDollarsTenThousandths = 10_800 + ((n * 104_729) % 500); // $1.0800 – $1.1299
  // The euro in colones is the euro in dollars at the dollar's sell rate, as the central bank computes it.
  const eurColonesCents = Math.round((eurDollarsTenThousandths * usdSellCents) / 10_000);
  return { usdBuyCents, usdSellCents, eurDollarsTenThousandths, eurColonesCents };
}

const colones = (cents: number): number => cents / 100;

function dollar(date: string) {
  const day = simulatedDay(date);
  const fecha = `${date}T00:00:00-06:00`;
  return { venta: { fecha, valor: colones(day.usdSellCents) }, compra: { fecha, valor: colones(day.usdBuyCents) } };
}

function euro(date: string) {
  const day = simulatedDay(date);
  return { fecha: `${date}T00:00:00-06:00`, dolares: day.eurDollarsTenThousandths / 10_000, colones: colones(day.eurColonesCents) };
}

function history(from: string, to: string) {
  const entries = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n++) {
    const date = dateOf(n);
    const day = simulatedDay(date);
    entries.push({ fecha: `${date} 00:00:00`, compra: colones(day.usdBuyCents), venta: colones(day.usdSellCents) });
  }
  return entries;
}

const isDate = (text: string | null): text is string => text !== null && /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(dayNumber(text));

export class SimulatedIndicators {
  private readonly log: string[] = [];

  constructor(private readonly clock: Clock) {}

  /** Path and query of every indicators request received, in order. */
  requests(): string[] {
    return [...this.log];
  }

  /** Answers a request under /indicadores/tc (503 under the status5xx fault); false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL, faults: SimulatorFaults): boolean {
    const path = url.pathname.replace(/\/+$/, '');
    if (path !== PREFIX && !path.startsWith(`${PREFIX}/`)) return false;
    this.log.push(`${path}${url.search}`);
    const today = formatCostaRicaDateTime(this.clock.now()).slice(0, 10);
    if (faults.status5xx) sendJson(res, 503, { code: 503, status: 'SERVICE_UNAVAILABLE' });
    else if (req.method !== 'GET') sendJson(res, 405, { code: 405, status: 'METHOD_NOT_ALLOWED' });
    else if (path === PREFIX) sendJson(res, 200, { dolar: dollar(today), euro: euro(today) });
    else if (path === `${PREFIX}/dolar`) sendJson(res, 200, dollar(today));
    else if (path === `${PREFIX}/euro`) sendJson(res, 200, euro(today));
    else if (path === `${PREFIX}/dolar/historico`) this.history(res, url, today);
    else sendJson(res, 404, { code: 404, status: 'NOT_FOUND' });
    return true;
  }

  private history(res: ServerResponse, url: URL, today: string): void {
    const [from, to] = [url.searchParams.get('d'), url.searchParams.get('h')];
    if (!isDate(from) || !isDate(to) || dayNumber(to) - dayNumber(from) > MAX_HISTORY_DAYS) {
      sendJson(res, 400, { code: 400, status: 'BAD_REQUEST', message: 'Los parámetros d y h deben ser fechas año-mes-día.' });
      return;
    }
    // Nothing is published after today.
    sendJson(res, 200, history(from, to < today ? to : today));
  }
}
