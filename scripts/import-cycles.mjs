// Lists every import circle of src/ (DESIGN.md: no folder, and no file, reaches itself through its imports),
// one strongly connected component per paragraph, and exits 1 when there is any. Usage:
// `node scripts/import-cycles.mjs` (test/unit/lint/import-cycles.test.ts runs the same check).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importCycles, importGraph } from './lib/import-graph.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cycles = importCycles(importGraph(root, 'src'));
for (const cycle of cycles) console.log(`${cycle.length} files:\n  ${cycle.join('\n  ')}\n`);
console.log(`${cycles.length} import circle${cycles.length === 1 ? '' : 's'} in src/`);
process.exitCode = cycles.length > 0 ? 1 : 0;
