// Reads the layer table of eslint.config.js (DESIGN.md, "Layers"): which row a file belongs to and whether one
// file may import another. Shared by the lint rule (layers.js) and its test, which checks every departure
// still names an import that exists, so the departures list can only shrink.
//
// A table maps a row — a folder (`src/domain/`), a file (`src/core.ts`) or every folder of a parent
// (`renderer/*/`, each its own row) — to the paths it may import besides itself. An allowed path may be
// marked `type:` (`type:src/`): then only `import type` of it is allowed. Paths are relative to the project
// root, with `/`; a folder ends with `/`.

/** Whether `path` is `prefix` (a file, or a folder written with its final `/`) or inside it. */
export function within(path, prefix) {
  return prefix.endsWith('/') ? path.startsWith(prefix) || `${path}/` === prefix : path === prefix;
}

/** The row of `path`: the longest named row holding it, else a `parent/*\/` row, else undefined. */
export function rowOf(table, path) {
  const named = Object.keys(table).filter((row) => !row.includes('*') && within(path, row));
  if (named.length > 0) {
    const row = named.sort((a, b) => b.length - a.length)[0];
    return { row, self: row };
  }
  for (const row of Object.keys(table).filter((key) => key.endsWith('/*/'))) {
    const parent = row.slice(0, -2);
    const rest = path.startsWith(parent) ? path.slice(parent.length) : '';
    const folder = rest.split('/')[0];
    if (rest.includes('/') && folder) return { row, self: `${parent}${folder}/` };
  }
  return undefined;
}

/** Whether `path` is checked at all: inside one of the roots the table speaks for (src/, main/…). */
export function checked(roots, path) {
  return roots.some((root) => within(path, root));
}

/**
 * What is wrong with `from` importing `to` (both project paths), or undefined when the table allows it (or
 * `from` has no row: that is reported once per file, not per import): `{ reason: 'no-row', path }` for a
 * target of a checked root that has no row, `{ reason: 'not-allowed', row, target }` for an import the row
 * does not list. `departures` ({ from, to, why }) excuse known breaches; `excused` says that one did.
 */
export function importProblem({ table, roots, departures = [] }, from, to, typeOnly) {
  if (!checked(roots, to)) return undefined;
  const source = rowOf(table, from);
  if (!source) return undefined;
  const target = rowOf(table, to);
  if (!target) return { reason: 'no-row', path: to };
  if (within(to, source.self)) return undefined;
  const allowed = table[source.row].some((entry) => {
    const typesOnly = entry.startsWith('type:');
    return within(to, typesOnly ? entry.slice(5) : entry) && (typeOnly || !typesOnly);
  });
  if (allowed) return undefined;
  const departure = departures.find((d) => within(from, d.from) && within(to, d.to));
  return { reason: 'not-allowed', row: source.self, target: target.self, ...(departure ? { excused: departure } : {}) };
}
