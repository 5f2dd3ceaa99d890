// Lint rules, with the layer boundaries of DESIGN.md enforced through no-restricted-imports.
import tseslint from 'typescript-eslint';

/** Folders of src/ that each layer may not import (DESIGN.md, "Models to learn from"). */
const forbidden = {
  domain: ['documents', 'xml', 'signing', 'store', 'hacienda', 'outbox', 'webhooks', 'email', 'api', 'secrets', 'catalogs', 'pdf', 'archive', 'exchange-rates', 'receiver-messages', 'cli', 'core', 'config'],
  xml: ['documents', 'signing', 'store', 'hacienda', 'outbox', 'webhooks', 'email', 'api', 'secrets', 'cli', 'core'],
  signing: ['documents', 'xml', 'store', 'hacienda', 'outbox', 'webhooks', 'email', 'api', 'secrets', 'cli', 'core'],
  documents: ['store', 'hacienda', 'outbox', 'webhooks', 'email', 'api', 'cli', 'core'],
  store: ['documents', 'xml', 'signing', 'hacienda', 'outbox', 'webhooks', 'email', 'api', 'cli', 'core'],
  // e-mail sends documents after the fact, like outbox/ and webhooks/: above the store, below the API.
  email: ['api', 'cli', 'core'],
  // PDFs lay out what the XML reader reads back: above domain/ and xml/, below e-mail and the API.
  pdf: ['documents', 'signing', 'store', 'hacienda', 'outbox', 'webhooks', 'email', 'api', 'secrets', 'catalogs', 'archive', 'exchange-rates', 'receiver-messages', 'organizations', 'billing', 'cli', 'core'],
  // Reference catalogs: shipped data and their own database (catalogs.db), on domain/ code tables only.
  catalogs: ['documents', 'xml', 'signing', 'store', 'hacienda', 'outbox', 'webhooks', 'email', 'api', 'secrets', 'pdf', 'archive', 'exchange-rates', 'receiver-messages', 'organizations', 'cli', 'core'],
  // The fiscal archive reads the store, the XML reader and the verifier, and runs as an outbox job: above
  // them, below the API.
  archive: ['api', 'cli', 'core'],
  // exchange rates read the tax authority's indicators into the store: above both, below the API.
  'exchange-rates': ['documents', 'outbox', 'webhooks', 'email', 'api', 'cli', 'core'],
  // Backup and restore copy the store's database file: above store/, below the API and the CLI.
  backup: ['documents', 'xml', 'signing', 'hacienda', 'outbox', 'webhooks', 'email', 'api', 'cli', 'core'],
};

const layerRules = Object.entries(forbidden).map(([layer, banned]) => ({
  files: [`src/${layer}/**/*.ts`],
  rules: {
    'no-restricted-imports': ['error', {
      patterns: [
        ...banned.map((b) => ({ group: [`../${b}`, `../${b}/*`, `../../${b}`, `../../${b}/*`, `../${b}.js`, `../${b}.ts`], message: `${layer}/ may not import ${b}/ (DESIGN.md layers)` })),
        { group: ['**/main/**', '**/preload/**', '**/renderer/**'], message: 'src/ never imports the Electron shell or the renderer' },
      ],
    }],
  },
}));

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'renderer/dist/**', 'main/dist/**', 'preload/dist/**', 'coverage/**', '.tmp/**', 'src/domain/codes.generated.ts'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.name='parseFloat']", message: 'Money is decimal: use decimal.js' }],
    },
  },
  {
    // Every file of src/ outside the layers above too (core.ts, cli/, api/…): the core never knows the shell.
    files: ['src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/main/**', '**/preload/**', '**/renderer/**'], message: 'src/ never imports the Electron shell or the renderer' }] }] },
  },
  ...layerRules,
  {
    // The preload runs in the renderer's sandbox: only its own folder (and 'electron', required at run time).
    files: ['preload/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['../**'], message: 'preload/ imports nothing outside preload/ (docs/desktop.md)' }] }] },
  },
  {
    // main/ starts the core; it never reaches into the renderer, and loads electron only through electron-api.ts's types.
    files: ['main/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'require it at run time with the local types of main/electron-api.ts (docs/desktop.md)' }], patterns: [{ group: ['**/renderer/**'], message: 'main/ does not import the renderer' }] }] },
  },
  {
    // The renderer runs in a browser: from src/ it may take types only (DESIGN.md), never code.
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{ group: ['**/src/**', '../src', '../../src'], allowTypeImports: true, message: 'renderer/ imports only types from src/ (DESIGN.md)' }],
      }],
    },
  },
  {
    // The catalogs' SQL lives in src/catalogs/db/ as the main database's lives in src/store/.
    files: ['src/catalogs/**/*.ts'],
    ignores: ['src/catalogs/db/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [{ name: 'better-sqlite3', message: 'SQL of the catalogs lives in src/catalogs/db/' }] }] },
  },
);
