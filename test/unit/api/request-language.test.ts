/** The language of a PDF: `lang`, else English only when Accept-Language prefers it to Spanish. */
import { describe, expect, it } from 'vitest';
import { requestLanguage } from '../../../src/api/request-language.ts';

describe('requestLanguage', () => {
  it('takes lang when given', () => {
    expect(requestLanguage('en', 'es-CR')).toBe('en');
    expect(requestLanguage('es', 'en-US')).toBe('es');
  });

  it('reads Accept-Language by quality, then by order, and falls back to Spanish', () => {
    expect(requestLanguage(undefined, 'en')).toBe('en');
    expect(requestLanguage(undefined, 'en-US,en;q=0.9')).toBe('en');
    expect(requestLanguage(undefined, 'fr-FR, en;q=0.8, es;q=0.5')).toBe('en');
    expect(requestLanguage(undefined, 'en;q=0.5, es-CR;q=0.9')).toBe('es');
    expect(requestLanguage(undefined, 'es-CR, en')).toBe('es');
    expect(requestLanguage(undefined, 'en;q=0')).toBe('es');
    expect(requestLanguage(undefined, 'fr, de')).toBe('es');
    expect(requestLanguage(undefined, '')).toBe('es');
    expect(requestLanguage(undefined, undefined)).toBe('es');
  });
});
