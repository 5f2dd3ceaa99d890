/**
 * xades:SigningTime in Costa Rica time: `2026-11-25T16:04:08-06:00`. Costa Rica keeps UTC-06:00 all
 * year (no daylight saving), so local time is a fixed shift. Whole seconds, as the annex shows.
 *
 * The last formatted second is cached: a busy till signs many tickets within one second.
 */
import { formatCostaRicaDateTime } from '../domain/costa-rica-time.ts';

let cachedSecond = Number.NaN;
let cachedText = '';

export function costaRicaSigningTime(instant: Date): string {
  const second = Math.floor(instant.getTime() / 1000);
  if (second !== cachedSecond) {
    if (!Number.isFinite(second)) throw new RangeError('signing time is not a valid date');
    cachedText = formatCostaRicaDateTime(new Date(second * 1000));
    cachedSecond = second;
  }
  return cachedText;
}
