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

/** Why a number the cashier typed is refused rather than guessed. */
export type TypedProblem = 'ambiguous' | 'grouped' | 'invalid';
export type Typed = { value: string; problem?: undefined } | { problem: TypedProblem; value?: undefined };

/** Limits of what a box takes: integer digits and decimals (an amount is DecimalDineroType's 13 and 5). */
export interface TypedLimits {
  digits: number;
  decimals: number;
}

const AMOUNT_LIMITS: TypedLimits = { digits: 13, decimals: 5 };
/** Thousands grouped by spaces (es-CR writes 1 000 000), or no grouping at all. */
const WHOLE = /^(?:\d{1,3}(?: \d{3})+|\d+)$/;
/** One mark and three digits after one to three digits: 1.000 is a thousand to some and one to others. */
const AMBIGUOUS = /^[1-9]\d{0,2}[.,]\d{3}$/;
/** Marks used as thousands separators, with or without decimals: 1.000.000, 1,000.50, 1.000,50. */
const GROUPED = /^\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*(?:[.,]\d+)?$/;

/**
 * A number as the cashier types it, in decimal text ("1500,50" → "1500.50"); never a guess. The decimal
 * mark is the comma (es-CR) or the point: Spanish mode reads "," as the decimal separator as the locale
 * does, and the numeric keypad types "." whatever the language, so both are read as the one decimal mark.
 * Thousands may be grouped by spaces (how es-CR prints them). What two habits read differently is refused:
 * `1.000` or `1,000` (a thousand, or one?), and marks used as thousands separators (`1.000.000`).
 * ₡ and surrounding spaces are ignored.
 */
export function readTyped(typed: string, limits: TypedLimits = AMOUNT_LIMITS): Typed {
  const input = typed.replace(/[\u00a0\u202f\u2009]/g, ' ').replace(/₡/g, '').trim();
  if (AMBIGUOUS.test(input)) return { problem: 'ambiguous' };
  if ((input.match(/[.,]/g) ?? []).length > 1) return { problem: GROUPED.test(input) ? 'grouped' : 'invalid' };
  const [whole = '', fraction, ...rest] = input.split(/[.,]/);
  if (rest.length > 0 || !WHOLE.test(whole) || (fraction !== undefined && !/^\d+$/.test(fraction))) return { problem: 'invalid' };
  const digits = whole.replace(/ /g, '');
  if (digits.replace(/^0+(?=\d)/, '').length > limits.digits || (fraction ?? '').length > limits.decimals) return { problem: 'invalid' };
  return { value: fraction === undefined ? digits : `${digits}.${fraction}` };
}

/** The decimal text of what was typed, or null when it is refused (readTyped says why). */
export function typedValue(typed: string, limits?: TypedLimits): string | null {
  return readTyped(typed, limits).value ?? null;
}

export function add(a: string, b: string): string {
  const x = must(a);
  const y = must(b);
  const scale = Math.max(x.scale, y.scale);
  return text({ units: rescale(x, scale) + rescale(y, scale), scale });
}
