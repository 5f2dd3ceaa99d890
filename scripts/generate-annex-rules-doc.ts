/**
 * Writes docs/annex-rules.md from the rule catalogue (src/documents/rules/).
 * Usage: `npm run rules:doc` (or `npx tsx scripts/generate-annex-rules-doc.ts`).
 */
import { writeFileSync } from 'node:fs';
import { ANNEX_RULES } from '../src/documents/rules/catalogue.ts';
import { renderAnnexRules } from '../src/documents/rules/annex-doc.ts';

const target = new URL('../docs/annex-rules.md', import.meta.url);
writeFileSync(target, renderAnnexRules(ANNEX_RULES));
console.log(`wrote ${target.pathname} (${ANNEX_RULES.length} rules)`);
