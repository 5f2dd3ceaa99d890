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
  { ignores: ['node_modules/**', 'dist/**', 'coverage/**', '.tmp/**', 'src/domain/codes.generated.ts'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.name='parseFloat']", message: 'Money is decimal: use decimal.js' }],
    },
  },
  ...layerRules,
  {
    // The catalogs' SQL lives in src/catalogs/db/ as the main database's lives in src/store/.
    files: ['src/catalogs/**/*.ts'],
    ignores: ['src/catalogs/db/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [{ name: 'better-sqlite3', message: 'SQL of the catalogs lives in src/catalogs/db/' }] }] },
  },
);
