/**
 * Writes src/domain/codes.generated.ts from the XSD enumerations in resources/xsd/.
 * Usage: `npm run codes:generate` (or `npx tsx scripts/generate-codes.ts`).
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCodesSource } from './lib/codes-source.ts';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(projectRoot, 'src', 'domain', 'codes.generated.ts');

writeFileSync(target, generateCodesSource(join(projectRoot, 'resources', 'xsd')), 'utf8');
console.log(`wrote ${target}`);
