import { describe, expect, it } from 'vitest';
import { FINDINGS } from '../../../src/received/findings.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the findings catalogue', () => {
  it.each(Object.entries(FINDINGS))('%s says the same things in Spanish and English', (_code, finding) => {
    const [es, en] = finding.text;
    expect(es).not.toBe(en);
    expect(placeholders(es)).toEqual(placeholders(en));
  });

  it('blocks the credit only where the tax authority\'s answer is against the document or cannot be trusted', () => {
    const blocking = Object.entries(FINDINGS).filter(([, f]) => f.blocking).map(([code]) => code).sort();
    expect(blocking).toEqual(['answer_mismatch', 'answer_rejected', 'answer_untrusted']);
  });
});
