/**
 * The renderer's shared kernel (renderer/shared/): the one formatter of numbers other than money (exchange
 * rates, VAT rates, counts), written as the browser's own formatting wrote them before it was folded into
 * shared/money.ts, and the hand-over that carries a cross-screen action (Documents → a note on the invoice
 * screen) without one screen importing another.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { formatNumber } from '../../../renderer/shared/money.ts';
import { openScreen, takeHandover } from '../../../renderer/shared/navigation.ts';
import type { DocumentDetail } from '../../../renderer/api/types.ts';

describe('formatNumber', () => {
  it('writes what toLocaleString wrote (up to five decimals), from decimal text or a JSON number', () => {
    for (const value of [0, 1, 13, 0.5, 1234, 12345, 506.83, 501.58, 1234567.891234, 2.123456, 99999.999999]) {
      for (const language of ['es', 'en'] as const) {
        const browser = value.toLocaleString(language === 'en' ? 'en-US' : 'es-CR', { maximumFractionDigits: 5 });
        expect(formatNumber(language, value)).toBe(browser);
        expect(formatNumber(language, String(value))).toBe(browser);
      }
    }
  });

  it('rounds from the text, not through a float, and shows an unreadable text as it came', () => {
    expect(formatNumber('en', '0.000005')).toBe('0.00001');
    expect(formatNumber('es', '1234.5').replace(/\s/g, ' ')).toBe('1 234,5');
    expect(formatNumber('en', 'n/a')).toBe('n/a');
  });
});

describe('hand-over between screens', () => {
  const place = globalThis as { location?: { hash: string } };
  afterEach(() => {
    delete place.location;
  });

  it('opens the screen and hands it what was sent, once', () => {
    place.location = { hash: '' };
    const source = { document_key: '506'.padEnd(50, '0'), document_type: '01' } as DocumentDetail;
    openScreen('invoice', { note: '03', source });
    expect(place.location.hash).toBe('invoice');
    expect(takeHandover('invoice')).toEqual({ note: '03', source });
    expect(takeHandover('invoice')).toBeUndefined();
    expect(takeHandover('documents')).toBeUndefined();
  });
});
