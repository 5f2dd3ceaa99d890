/**
 * Tiny string builders for canonical elements: start tag + escaped content + end tag, no
 * whitespace, no self-closing tags (C14N always writes start and end tags). Plain concatenation
 * keeps the signing hot path free of any DOM.
 */
import type { Decimal } from 'decimal.js';
import { XmlWriteError } from './errors.ts';
import { escapeText } from './escape.ts';
import { formatDecimal, MONEY, type DecimalFormat } from './format.ts';

/** `<name>inner</name>` with already-serialised inner markup. */
export function wrap(name: string, inner: string): string {
  return `<${name}>${inner}</${name}>`;
}

/** A required text element; an empty or missing value is a bug upstream. */
export function text(name: string, value: string | undefined): string {
  if (value === undefined || value === '') throw new XmlWriteError(name, 'required element has no value');
  return `<${name}>${escapeText(value, name)}</${name}>`;
}

/** An optional text element: omitted when the value is missing or empty. */
export function optText(name: string, value: string | undefined): string {
  if (value === undefined || value === '') return '';
  return `<${name}>${escapeText(value, name)}</${name}>`;
}

/** One element per value (CorreoElectronico, NumeroVINoSerie), checking the XSD's maxOccurs. */
export function texts(name: string, values: readonly string[], max: number): string {
  checkMax(name, values.length, max);
  let out = '';
  for (const value of values) out += text(name, value);
  return out;
}

/** A required decimal element (money unless another format is given). */
export function num(name: string, value: Decimal | undefined, format: DecimalFormat = MONEY): string {
  if (value === undefined) throw new XmlWriteError(name, 'required element has no value');
  return `<${name}>${formatDecimal(value, format, name)}</${name}>`;
}

/** An optional decimal element: omitted when the value is missing. */
export function optNum(name: string, value: Decimal | undefined, format: DecimalFormat = MONEY): string {
  return value === undefined ? '' : `<${name}>${formatDecimal(value, format, name)}</${name}>`;
}

/** An optional amount written only when non-zero (the summary's optional totals). */
export function nonZero(name: string, value: Decimal): string {
  return value.isZero() ? '' : `<${name}>${formatDecimal(value, MONEY, name)}</${name}>`;
}

/** Throws when a repeated element exceeds the XSD's maxOccurs. */
export function checkMax(name: string, count: number, max: number): void {
  if (count > max) throw new XmlWriteError(name, `${count} occurrences, the XSD allows at most ${max}`);
}
