/**
 * Typed reading of the loosely shaped JSON request: each reader returns the value in the form the engine
 * needs (trimmed text, zero-padded code, Decimal, Date) or undefined, and records what is wrong under the
 * field's path. Nothing throws, so one pass reports every problem.
 */
import type { Decimal } from 'decimal.js';
import { Dec, MAX_MONEY, toDecimal } from '../../domain/money.ts';
import { parseZonedDateTime } from '../../domain/costa-rica-time.ts';
import type { Problems } from './problems.ts';
import type { CodeList } from './code-lists.ts';

export type Json = Record<string, unknown>;

/** Characters XML 1.0 cannot carry (control characters other than tab, LF, CR). */
const NON_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u0085\u2028\u2029\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const EMAIL = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** The first alias present in an object (the spec's aliases: `branch` / `sucursal`, ...). */
export function pick(obj: Json | undefined, a: string, b?: string, c?: string, d?: string): unknown {
  if (!obj) return undefined;
  // Fixed parameters rather than a rest array: this runs for every field of every line.
  const first = obj[a] ?? (b === undefined ? undefined : obj[b]);
  if (first !== undefined && first !== null) return first;
  if (c === undefined) return undefined;
  return obj[c] ?? (d === undefined ? undefined : obj[d]) ?? undefined;
}

/** Limits written as text or numbers, turned into decimals once (they are compared for every amount). */
const bounds = new Map<string | number, Decimal>();
function bound(value: Decimal | number | string): Decimal {
  if (typeof value === 'object') return value;
  let decimal = bounds.get(value);
  if (!decimal) bounds.set(value, (decimal = new Dec(value)));
  return decimal;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** Length in characters (an emoji is one), as the XSD's maxLength counts them. */
function codePointLength(text: string): number {
  if (!SURROGATE.test(text)) return text.length;
  let length = 0;
  for (const _ of text) length++;
  return length;
}

export function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An amount of DecimalDineroType: 0 to 9999999999999.99999, at most 5 decimals. */
export const MONEY = { min: 0, maxDecimals: 5, max: MAX_MONEY } as const satisfies DecimalRule;

export interface TextRule {
  required?: boolean;
  min?: number;
  max?: number;
  pattern?: RegExp;
  format?: string; // shown in the pattern message
}

export interface DecimalRule {
  required?: boolean;
  positive?: boolean;
  min?: Decimal | number | string;
  max?: Decimal | number | string;
  maxDecimals?: number;
}

export class FieldReader {
  constructor(readonly problems: Problems) {}

  object(value: unknown, path: string, required = false): Json | undefined {
    if (value === undefined || value === null) {
      if (required) this.problems.add(path, 'required');
      return undefined;
    }
    if (!isJson(value)) {
      this.problems.add(path, 'object');
      return undefined;
    }
    return value;
  }

  array(value: unknown, path: string, rule: { required?: boolean; min?: number; max?: number } = {}): unknown[] | undefined {
    if (value === undefined || value === null) {
      if (rule.required) this.problems.add(path, 'required');
      return undefined;
    }
    if (!Array.isArray(value)) {
      this.problems.add(path, 'array');
      return undefined;
    }
    if (rule.min !== undefined && value.length < rule.min) this.problems.add(path, 'min_items', { min: rule.min });
    if (rule.max !== undefined && value.length > rule.max) {
      this.problems.add(path, 'max_items', { max: rule.max });
      return value.slice(0, rule.max);
    }
    return value;
  }

  text(value: unknown, path: string, rule: TextRule = {}): string | undefined {
    if (value === undefined || value === null || value === '') {
      if (rule.required) this.problems.add(path, 'required');
      return undefined;
    }
    if (typeof value !== 'string' && typeof value !== 'number') {
      this.problems.add(path, 'string');
      return undefined;
    }
    const text = String(value).trim();
    if (text === '') {
      if (rule.required) this.problems.add(path, 'required');
      return undefined;
    }
    if (NON_XML.test(text)) {
      this.problems.add(path, 'xml_characters');
      return undefined;
    }
    const length = codePointLength(text);
    if (rule.min !== undefined && rule.max !== undefined && (length < rule.min || length > rule.max)) {
      this.problems.add(path, rule.min === rule.max ? 'pattern' : 'length_between', { min: rule.min, max: rule.max, format: `${rule.max}` });
      return undefined;
    }
    if (rule.max !== undefined && length > rule.max) {
      this.problems.add(path, 'max_length', { max: rule.max });
      return undefined;
    }
    if (rule.min !== undefined && length < rule.min) {
      this.problems.add(path, 'min_length', { min: rule.min });
      return undefined;
    }
    if (rule.pattern && !rule.pattern.test(text)) {
      this.problems.add(path, 'pattern', { format: rule.format ?? rule.pattern.source });
      return undefined;
    }
    return text;
  }

  /**
   * A code of a Hacienda table, given as text or number and zero-padded to its width (`1` -> `01`).
   * `allowed` limits it to the codes valid here; `known` tells an unknown code from a misplaced one.
   */
  code(value: unknown, path: string, rule: { required?: boolean; width: number; allowed: CodeList; known?: CodeList }): string | undefined {
    const raw = this.text(value, path, { required: rule.required });
    if (raw === undefined) return undefined;
    const code = /^\d+$/.test(raw) ? raw.padStart(rule.width, '0') : raw;
    if (rule.allowed.has(code)) return code;
    if (rule.known?.has(code)) this.problems.add(path, 'code_not_allowed', { value: code });
    else if (rule.allowed.codes.length <= 20) this.problems.add(path, 'one_of', { values: rule.allowed.codes.join(', ') });
    else this.problems.add(path, 'unknown_code', { value: raw });
    return undefined;
  }

  decimal(value: unknown, path: string, rule: DecimalRule = {}): Decimal | undefined {
    if (value === undefined || value === null || value === '') {
      if (rule.required) this.problems.add(path, 'required');
      return undefined;
    }
    const number = toDecimal(value);
    if (number === undefined) {
      this.problems.add(path, 'number');
      return undefined;
    }
    if (rule.positive && !number.greaterThan(0)) return this.fail(path, 'positive');
    if (rule.min !== undefined && number.lessThan(bound(rule.min))) return this.fail(path, 'min_value', { min: String(rule.min) });
    if (rule.max !== undefined && number.greaterThan(bound(rule.max))) return this.fail(path, 'max_value', { max: String(rule.max) });
    if (rule.maxDecimals !== undefined && number.decimalPlaces() > rule.maxDecimals) {
      return this.fail(path, 'decimals', { max: rule.maxDecimals });
    }
    return number;
  }

  integer(value: unknown, path: string, rule: Omit<DecimalRule, 'maxDecimals'> = {}): number | undefined {
    const number = this.decimal(value, path, rule);
    if (number === undefined) return undefined;
    if (!number.isInteger()) return this.fail(path, 'integer');
    return number.toNumber();
  }

  boolean(value: unknown, path: string): boolean | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'boolean') return this.fail(path, 'boolean');
    return value;
  }

  /** An RFC 3339 date-time with a time zone. */
  dateTime(value: unknown, path: string, required = false): Date | undefined {
    const text = this.text(value, path, { required });
    if (text === undefined) return undefined;
    const date = parseZonedDateTime(text);
    if (!date) return this.fail(path, 'date');
    return date;
  }

  /** An e-mail address: at most `rule.max` characters (160) matching `rule.pattern` (default: a plain address). */
  email(value: unknown, path: string, rule: TextRule = {}): string | undefined {
    const text = this.text(value, path, { required: rule.required, max: rule.max ?? 160 });
    if (text === undefined) return undefined;
    if (!(rule.pattern ?? EMAIL).test(text)) return this.fail(path, 'email');
    return text;
  }

  private fail(path: string, key: Parameters<Problems['add']>[1], params?: Parameters<Problems['add']>[2]): undefined {
    this.problems.add(path, key, params);
    return undefined;
  }
}
