/**
 * No import circle in src/ (issue 13, DESIGN.md): the import graph of every file, `import type` included,
 * has no strongly connected component, so each folder and file can be read from the bottom up. The same
 * check runs from the command line as `node scripts/import-cycles.mjs`.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../../../scripts/lib/import-graph.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('import circles', () => {
  it('finds a circle, a self-import and none in a tree', () => {
    const graph = new Map([
      ['a.ts', new Set(['b.ts'])],
      ['b.ts', new Set(['c.ts'])],
      ['c.ts', new Set(['a.ts', 'd.ts'])],
      ['d.ts', new Set<string>()],
      ['e.ts', new Set(['e.ts', 'd.ts'])],
    ]);
    expect(importCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
    expect(importCycles(new Map([['a.ts', new Set(['b.ts'])], ['b.ts', new Set<string>()]]))).toEqual([]);
  });

  it('reads type imports and re-exports as edges', () => {
    const graph = importGraph(root, 'src');
    // build-model.ts re-exports a type of domain/document-model.ts; verify.ts re-exports its result type.
    expect(graph.get('src/documents/build-model.ts')).toContain('src/domain/document-model.ts');
    expect(graph.get('src/signing/verify.ts')).toContain('src/signing/verification-result.ts');
  });

  it('leaves none in src/', () => {
    expect(importCycles(importGraph(root, 'src'))).toEqual([]);
  });
});
