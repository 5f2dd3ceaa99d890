// The lint rule of DESIGN.md's layers, an allow-list as VS Code's `code-import-patterns` is: every file of the
// checked roots (src/, main/, preload/, renderer/) has a row in the table of eslint.config.js, and imports only
// what its row lists. `import type`, `export … from` and `import()` count like any import.
import { dirname, relative, resolve, sep } from 'node:path';
import { checked, importProblem, rowOf } from './layer-table.js';

/** The project path (`src/outbox/worker.ts`) of an absolute file name. */
const projectPath = (root, file) => relative(root, file).split(sep).join('/');

/** Whether the import or export declaration brings in types only. */
function typeOnly(node) {
  if (node.type === 'TSImportType') return true;
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

/** The specifier of a node that imports, if it is a string. */
function specifierOf(node) {
  const source = node.type === 'TSImportType' ? (node.argument?.literal ?? node.argument) : node.source;
  return source && typeof source.value === 'string' ? source.value : undefined;
}

export const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Each folder imports only what its row of the layer table allows (DESIGN.md, Layers).' },
    schema: [{ type: 'object', additionalProperties: true }],
    messages: {
      noRow: '{{path}} has no row in the layer table of eslint.config.js: give it one (DESIGN.md, Layers).',
      notAllowed: '{{row}} may not import {{target}} (layer table in eslint.config.js; DESIGN.md, Layers).',
    },
  },
  create(context) {
    const options = context.options[0];
    const root = options.root ?? context.cwd;
    const from = projectPath(root, context.filename);
    if (!checked(options.roots, from)) return {};

    function check(node) {
      const specifier = specifierOf(node);
      if (!specifier || !specifier.startsWith('.')) return;
      const to = projectPath(root, resolve(dirname(context.filename), specifier));
      const problem = importProblem(options, from, to, typeOnly(node));
      if (!problem || problem.excused) return;
      if (problem.reason === 'no-row') context.report({ node, messageId: 'noRow', data: { path: problem.path } });
      else context.report({ node, messageId: 'notAllowed', data: { row: problem.row, target: problem.target } });
    }

    return {
      Program(node) {
        if (!rowOf(options.table, from)) context.report({ node, messageId: 'noRow', data: { path: from } });
      },
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      TSImportType: check,
    };
  },
};

export default { rules: { layers } };
