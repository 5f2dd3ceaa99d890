/** docs/annex-rules.md is generated from the rule catalogue and must not go stale (`npm run rules:doc`). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANNEX_RULES } from '../../../src/documents/rules/catalogue.ts';
import { renderAnnexRules } from '../../../src/documents/rules/annex-doc.ts';

describe('docs/annex-rules.md', () => {
  it('is what the catalogue renders today', () => {
    const committed = readFileSync(new URL('../../../docs/annex-rules.md', import.meta.url), 'utf8');
    expect(committed, 'run `npm run rules:doc`').toBe(renderAnnexRules(ANNEX_RULES));
  });

  it('names every rule once, with its page and how it is enforced', () => {
    const doc = renderAnnexRules(ANNEX_RULES);
    for (const rule of ANNEX_RULES) {
      const rows = doc.split('\n').filter((line) => line.startsWith(`| \`${rule.id}\` |`));
      expect(rows, rule.id).toHaveLength(1);
      expect(rows[0]).toContain(`| ${rule.page} |`);
      expect(rows[0]).toMatch(/\| (refused: |computed: |not checkable here: )/);
    }
  });
});
