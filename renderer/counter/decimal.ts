/**
 * Exact decimal arithmetic on the decimal text that amounts travel as ("1500", "1695.5"): BigInt units,
 * never binary floating point. Only what the counter needs besides the server's totals: a percentage
 * discount's amount, the change due, comparisons. Rounding is half-up, as the engine's (src/domain/money.ts).
 */

interface Exact {
  units: bigint;
  /** Decimal places of `units`: the value is units / 10^scale. */
  scale: number;
}

const TEXT = /^(-?)(\d+)(?:\.(\d+))?$/;

function exact(text: string): Exact | null {
  const m = TEXT.exec(text.trim());
  if (!m) return null;
  const fraction = m[3] ?? '';
  const units = BigInt(`${m[2]}${fraction}`);
  return { units: m[1] === '-' ? -units : units, scale: fraction.length };
}

function must(text: string): Exact {
  const value = exact(text);
  if (!value) throw new RangeError(`not a decimal: ${text}`);
  return value;
}

function rescale(value: Exact, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

function text(value: Exact): string {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, '0');
  const whole = digits.slice(0, digits.length - value.scale);
  const fraction = digits.slice(digits.length - value.scale).replace(/0+$/, '');
  const out = fraction ? `${whole}.${fraction}` : whole;
  return negative && out !== '0' ? `-${out}` : out;
}

/** Whether `text` is a plain decimal ("12", "-3.50"; no exponent, no grouping). */
export function isDecimal(value: string): boolean {
  return exact(value) !== null;
}

/**
 * A JSON number of the API (amounts rounded to 5 decimals) as decimal text. The shortest representation
 * JavaScript prints is the decimal the server wrote, for every amount below 10^16.
 */
export function decimalOf(value: number): string {
  const plain = String(value);
  return TEXT.test(plain) ? text(must(plain)) : value.toFixed(5).replace(/\.?0+$/, '');
}

export function subtract(a: string, b: string): string {
  const x = must(a);
  const y = must(b);
  const scale = Math.max(x.scale, y.scale);
  return text({ units: rescale(x, scale) - rescale(y, scale), scale });
}

export function multiply(...factors: string[]): string {
  return text(factors.map(must).reduce((p, f) => ({ units: p.units * f.units, scale: p.scale + f.scale }), { units: 1n, scale: 0 }));
}

/** `value` / 10^places, exactly. */
export function shift(value: string, places: number): string {
  const x = must(value);
  return text({ units: x.units, scale: x.scale + places });
}

/** Rounded to `places` decimals, half away from zero (decimal.js ROUND_HALF_UP). */
export function round(value: string, places: number): string {
  const x = must(value);
  if (x.scale <= places) return text(x);
  const divisor = 10n ** BigInt(x.scale - places);
  const magnitude = x.units < 0n ? -x.units : x.units;
  const rounded = (magnitude + divisor / 2n) / divisor;
  return text({ units: x.units < 0n ? -rounded : rounded, scale: places });
}

/** -1, 0 or 1. */
export function compare(a: string, b: string): number {
  const x = must(a);
  const y = must(b);
  const scale = Math.max(x.scale, y.scale);
  const d = rescale(x, scale) - rescale(y, scale);
  return d === 0n ? 0 : d < 0n ? -1 : 1;
}
