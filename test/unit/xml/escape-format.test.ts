/** Escaping as C14N does it, and the per-element number formats. */
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { encodeSpecialCharactersInAttribute, encodeSpecialCharactersInText } from 'xml-crypto';
import { describe, expect, it } from 'vitest';
import { XmlWriteError } from '../../../src/xml/errors.ts';
import { escapeAttribute, escapeText } from '../../../src/xml/escape.ts';
import { CHARGE_PERCENT, formatDecimal, formatInteger, IVA_FACTOR, MONEY, QUANTITY, RATE } from '../../../src/xml/format.ts';
import { text } from './arbitrary-model.ts';

describe('escaping', () => {
  it('text: & < > and CR, nothing else', () => {
    expect(escapeText(`a&b<c>d"e'f\tg\nh\ri ñ ₡ 😀`, 'X')).toBe(`a&amp;b&lt;c&gt;d"e'f\tg\nh&#xD;i ñ ₡ 😀`);
    expect(escapeText(']]>', 'X')).toBe(']]&gt;');
  });

  it('attribute: & < " tab LF CR, nothing else', () => {
    expect(escapeAttribute(`a&b<c>d"e'f\tg\nh\ri`, 'X')).toBe(`a&amp;b&lt;c>d&quot;e'f&#x9;g&#xA;h&#xD;i`);
  });

  it('agrees with xml-crypto on random text', () => {
    fc.assert(
      fc.property(text(0, 60), (value) => {
        expect(escapeText(value, 'X')).toBe(encodeSpecialCharactersInText(value));
        expect(escapeAttribute(value, 'X')).toBe(encodeSpecialCharactersInAttribute(value));
      }),
    );
  });

  it('rejects what XML 1.0 does not allow, with the code point and position', () => {
    expect(() => escapeText('ab\u0008', 'Detalle')).toThrow(new XmlWriteError('Detalle', 'character U+0008 at position 2 is not allowed in XML 1.0'));
    expect(() => escapeText('\uDBFF', 'Detalle')).toThrow(/U\+DBFF/);
    expect(() => escapeAttribute('\uFFFF', 'OtroTexto/@codigo')).toThrow(/U\+FFFF/);
    expect(escapeText('\uFFFD\uE000\u{10FFFF}', 'X')).toBe('\uFFFD\uE000\u{10FFFF}');
  });
});

describe('number formats', () => {
  const f = (value: string, format = MONEY): string => formatDecimal(new Decimal(value), format, 'X');

  it('pads to the element decimals', () => {
    expect(f('0')).toBe('0.00000');
    expect(f('12')).toBe('12.00000');
    expect(f('12.3')).toBe('12.30000');
    expect(f('0.00001')).toBe('0.00001');
    expect(f('1e-5')).toBe('0.00001');
    expect(f('123e10')).toBe('1230000000000.00000');
    expect(f('-0')).toBe('0.00000');
    expect(f('2.5', QUANTITY)).toBe('2.500');
    expect(f('13', RATE)).toBe('13.00');
    expect(f('0.5', IVA_FACTOR)).toBe('0.5000');
    expect(f('10', CHARGE_PERCENT)).toBe('10.00');
    expect(f('2.125', CHARGE_PERCENT)).toBe('2.125'); // PorcentajeOC allows 5 decimals
  });

  it('refuses instead of rounding or overflowing', () => {
    expect(() => f('0.000001')).toThrow(/6 decimals, the XSD allows 5/);
    expect(() => f('1.0005', QUANTITY)).toThrow(/4 decimals, the XSD allows 3/);
    expect(() => f('100', RATE)).toThrow(/exceeds 2 integer digits/);
    expect(() => f('10', IVA_FACTOR)).toThrow(/exceeds 1 integer digits/);
    expect(() => f('-0.01')).toThrow(/negative/);
    expect(() => f('NaN')).toThrow(/not a finite number/);
    expect(() => f('Infinity')).toThrow(/not a finite number/);
  });

  it('integers', () => {
    expect(formatInteger(30, 0, 99999, 'PlazoCredito')).toBe('30');
    expect(() => formatInteger(100000, 0, 99999, 'PlazoCredito')).toThrow(XmlWriteError);
    expect(() => formatInteger(1.5, 1, 1000, 'NumeroLinea')).toThrow(/not an integer in 1\.\.1000/);
  });
});
