/**
 * Number formats of the v4.4 numeric elements, in one place. Each format mirrors the XSD facets
 * (totalDigits / fractionDigits / minInclusive). The model's amounts are already rounded; the writer
 * only formats, so a value with more decimals than the element allows is a bug upstream and throws
 * instead of being rounded silently.
 */
import type { Decimal } from 'decimal.js';
import { XmlWriteError } from './errors.ts';

export interface DecimalFormat {
  /** Decimals always written (toFixed). */
  readonly fraction: number;
  /** Decimals the XSD accepts (fractionDigits); above `fraction` they are written as given. */
  readonly maxFraction: number;
  /** Digits allowed before the point (totalDigits − fractionDigits, or the maxInclusive bound). */
  readonly integerDigits: number;
}

/** DecimalDineroType: totalDigits 18, fractionDigits 5, 0..9999999999999.99999. Also MR's amounts (18,5). */
export const MONEY: DecimalFormat = { fraction: 5, maxFraction: 5, integerDigits: 13 };
/** Cantidad / CantidadSurtido: totalDigits 16, fractionDigits 3. */
export const QUANTITY: DecimalFormat = { fraction: 3, maxFraction: 3, integerDigits: 13 };
/** Tarifa, TarifaSurtido, TarifaExonerada, Porcentaje(Surtido): totalDigits 4, fractionDigits 2. */
export const RATE: DecimalFormat = { fraction: 2, maxFraction: 2, integerDigits: 2 };
/** FactorCalculoIVA: totalDigits 5, fractionDigits 4. */
export const IVA_FACTOR: DecimalFormat = { fraction: 4, maxFraction: 4, integerDigits: 1 };
/** CantidadUnidadMedida(Surtido), VolumenUnidadConsumo(Surtido): totalDigits 7, fractionDigits 2. */
export const UNIT_MEASURE: DecimalFormat = { fraction: 2, maxFraction: 2, integerDigits: 5 };
/** Proporcion(Surtido): totalDigits 10, fractionDigits 5. */
export const PROPORTION: DecimalFormat = { fraction: 5, maxFraction: 5, integerDigits: 5 };
/**
 * PorcentajeOC: totalDigits 9, fractionDigits 5. Written with 2 decimals like the other percentages
 * (10.00); a percentage that needs more decimals keeps them (up to the 5 the XSD allows).
 */
export const CHARGE_PERCENT: DecimalFormat = { fraction: 2, maxFraction: 5, integerDigits: 4 };

/**
 * Formats a non-negative decimal per `format`. Every v4.4 numeric element the app writes is
 * non-negative (minInclusive 0 on DecimalDineroType; quantities and rates are never negative).
 */
const ZEROS = '00000'; // enough for the largest `fraction` (5)

export function formatDecimal(value: Decimal, format: DecimalFormat, element: string): string {
  if (!value.isFinite()) throw new XmlWriteError(element, `${value.toString()} is not a finite number`);
  // toFixed() without arguments is exact and never exponential, and 5× faster than toFixed(n),
  // which rounds through a new Decimal; the padding is done here instead.
  let text = value.toFixed();
  if (text.charCodeAt(0) === 45 /* - */) {
    if (!value.isZero()) throw new XmlWriteError(element, `${text} is negative`);
    text = text.slice(1); // -0
  }
  const dot = text.indexOf('.');
  const places = dot === -1 ? 0 : text.length - dot - 1;
  if (places > format.maxFraction) {
    throw new XmlWriteError(element, `${text} has ${places} decimals, the XSD allows ${format.maxFraction}`);
  }
  if ((dot === -1 ? text.length : dot) > format.integerDigits) {
    throw new XmlWriteError(element, `${text} exceeds ${format.integerDigits} integer digits`);
  }
  if (places >= format.fraction) return text;
  return (dot === -1 ? `${text}.` : text) + ZEROS.slice(0, format.fraction - places);
}

/** xs:integer / xs:positiveInteger values held as JS numbers (NumeroLinea, PlazoCredito). */
export function formatInteger(value: number, min: number, max: number, element: string): string {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new XmlWriteError(element, `${String(value)} is not an integer in ${min}..${max}`);
  }
  return String(value);
}
