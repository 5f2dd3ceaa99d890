/**
 * What a receipt's text becomes on a printer's code page: the colón sign as ¢ or CRC (the shop's choice),
 * € only where the page has it, typographic marks as their plain look-alikes; Spanish letters untouched,
 * and through the decoder they come back as they were written.
 */
import { describe, expect, it } from 'vitest';
import { EscposWriter } from '../../../src/printing/escpos-writer.ts';
import { printable } from '../../../src/printing/printable-text.ts';
import { decodeEscpos } from '../../helpers/escpos-decode.ts';

describe('printable text', () => {
  it('prints ₡ as ¢ or as CRC, and € as EUR where the code page lacks it', () => {
    expect(printable('Total ₡1,250.00', 'cent', false)).toBe('Total ¢1,250.00');
    expect(printable('Total ₡1,250.00', 'code', false)).toBe('Total CRC 1,250.00');
    expect(printable('€10.00', 'cent', false)).toBe('EUR 10.00');
    expect(printable('€10.00', 'cent', true)).toBe('€10.00');
    expect(printable('“Niño” — año… ¿sí? ¡ya!', 'cent', false)).toBe('"Niño" - año... ¿sí? ¡ya!');
  });

  it('keeps every Spanish letter through CP850 and € through CP858', () => {
    const letters = 'áéíóú ÁÉÍÓÚ ñÑ üÜ ¿¡ ° ×';
    for (const codepage of ['cp850', 'cp858'] as const) {
      const bytes = new EscposWriter({ paper: '80mm', codepage, colon: 'cent' }).line(letters).line('₡5 €5').encode();
      const decoded = decodeEscpos(bytes);
      expect(decoded.commands).toContainEqual({ type: 'codepage', table: codepage === 'cp850' ? 2 : 19, name: codepage });
      expect(decoded.text).toEqual([letters, codepage === 'cp850' ? '¢5 EUR 5' : '¢5 €5']);
    }
  });
});
