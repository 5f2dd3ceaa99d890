// The import graph of a source folder and its circles, for scripts/import-cycles.mjs and its test. Imports are
// read with the TypeScript compiler's own pre-processor (every `import … from`, `import type`, `export … from`
// and `import()`), so a type-only import is an edge too: a circle through types is still a circle (DESIGN.md).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts)$/;

/** Every TypeScript file under `folder` (declaration files left out). */
export function sourceFiles(folder) {
  const out = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out.sort();
}

/** The file a relative specifier names (`./x.ts`, `./x.js` written for `./x.ts`, `./x`, `./x/index.ts`), if any. */
function resolveSpecifier(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, base.replace(/\.m?js$/, '.ts'), `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

/** The project files `file` imports (packages and `node:` modules left out). */
export function importsOf(file) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const targets = new Set();
  for (const { fileName } of importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const target = resolveSpecifier(file, fileName);
    if (target) targets.add(target);
  }
  return targets;
}

/**
 * `file -> files it imports` for the TypeScript files under `root`/`folder`, paths relative to `root` with `/`.
 * Only edges to TypeScript files inside `folder` are kept (a circle can only run through the folder), unless
 * `outside` is set: then every project file imported is (the layer test reads main/ -> src/ that way).
 */
export function importGraph(root, folder = 'src', { outside = false } = {}) {
  const top = resolve(root, folder);
  const name = (path) => relative(root, path).split(sep).join('/');
  const graph = new Map();
  for (const file of sourceFiles(top)) {
    const kept = [...importsOf(file)].filter((target) => outside || (target.startsWith(top + sep) && SOURCE.test(target)));
    graph.set(name(file), new Set(kept.map(name)));
  }
  return graph;
}

/**
 * The circles of a graph: its strongly connected components of more than one file, and files that import
 * themselves (Tarjan's algorithm, iterative so that deep graphs do not overflow the stack). Each circle is
 * sorted, and the list is sorted by its first file.
 */
export function importCycles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const cycles = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, [...(graph.get(start) ?? [])], 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, edges] = frame;
      if (frame[2] < edges.length) {
        const next = edges[frame[2]++];
        if (!graph.has(next)) continue;
        if (!index.has(next)) {
          index.set(next, counter);
          low.set(next, counter++);
          stack.push(next);
          onStack.add(next);
          work.push([next, [...graph.get(next)], 0]);
        } else if (onStack.has(next)) {
          low.set(node, Math.min(low.get(node), index.get(next)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) !== index.get(node)) continue;
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node).has(node)) cycles.push(component.sort());
    }
  }
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}
