// Lint rules, with the layer table of DESIGN.md (an allow-list) enforced by the local rule eslint-rules/layers.js.
import tseslint from 'typescript-eslint';
import localRules from './eslint-rules/layers.js';

/*
 * The layer table (DESIGN.md, "Layers"): what each folder of src/ — and main/, preload/, each screen of
 * renderer/ — may import besides itself. An allow-list: a file whose folder has no row fails lint, and
 * `import type` counts. `type:` before a path allows types only. Checked by eslint-rules/layers.js.
 */
// Layer 0, the kernel: domain/, and two leaves that import nothing of the project and that every layer may
// use — paths.ts (where the project's files are: the engine's XSDs and trust roots, the workers' files) and
// private-files.ts (owner-only modes of the data directory, which the store and the vault's key file need).
const KERNEL = ['src/domain/', 'src/paths.ts', 'src/private-files.ts'];
// Layer 1, the engine; threads/ starts worker threads (node: and paths.ts only) for layers 1 to 4.
const ENGINE = [...KERNEL, 'src/xml/', 'src/signing/', 'src/i18n/', 'src/threads/'];
// Layer 2, documents; layer 3, persistence (the store and the vault, on the kernel only).
const DOCUMENTS = ['src/documents/', 'src/receiver-messages/', 'src/catalogs/', 'src/pdf/'];
const PERSISTENCE = ['src/store/', 'src/secrets/'];
const BELOW_SERVICES = [...ENGINE, ...DOCUMENTS, ...PERSISTENCE];
// Layer 4, the services: layers 0 to 3, and the siblings each row names.
const service = (...siblings) => [...BELOW_SERVICES, ...siblings.map((s) => `src/${s}/`)];
const SERVICES = ['hacienda', 'outbox', 'webhooks', 'email', 'exchange-rates', 'archive', 'backup', 'organizations', 'billing', 'products', 'received', 'reports', 'tills', 'printing', 'replication'];
// Layer 6, the hosts: everything below.
const EVERYTHING = ['src/'];

export const layerTable = {
  roots: ['src/', 'main/', 'preload/', 'renderer/'],
  table: {
    'src/domain/': [],
    'src/paths.ts': [],
    'src/private-files.ts': [],
    'src/xml/': KERNEL,
    'src/signing/': KERNEL,
    'src/i18n/': KERNEL,
    'src/threads/': KERNEL,
    'src/documents/': ENGINE,
    // A MensajeReceptor request is read with the documents' field reader and checked by the same rule catalogue.
    'src/receiver-messages/': [...ENGINE, 'src/documents/'],
    'src/catalogs/': ENGINE,
    'src/pdf/': ENGINE,
    // PostgreSQL's connection lives in a worker thread of its own (store/postgres/pg-bridge.ts).
    'src/store/': [...KERNEL, 'src/threads/'],
    'src/secrets/': KERNEL,
    'src/hacienda/': service(),
    'src/outbox/': service('hacienda'), // submits to the tax authority and reads its answers
    'src/webhooks/': service(),
    'src/email/': service('outbox'), // an outbox job: its retry policy and handler types
    'src/exchange-rates/': service('hacienda'), // the indicators are the tax authority's, over its HTTP client
    'src/archive/': service('outbox', 'hacienda'), // an outbox job; imports read the tax authority's answers
    'src/backup/': service(),
    // Credentials are checked against the tax authority (and named as the outbox names their rejection); plans
    // are billing's.
    'src/organizations/': service('hacienda', 'outbox', 'billing'),
    'src/billing/': service(),
    'src/products/': service(),
    // Suppliers' documents come with the tax authority's answer (read and judged by hacienda/), are read as the
    // archive reads other providers' documents, and the mailbox is polled by an outbox job.
    'src/received/': service('hacienda', 'archive', 'outbox'),
    'src/reports/': service('received'), // the worksheet claims what received documents allow
    'src/tills/': service(),
    'src/printing/': service(),
    'src/replication/': service('outbox'), // the till's jobs: outbox handlers and their retry policy
    'src/api/': [...BELOW_SERVICES, ...SERVICES.map((s) => `src/${s}/`)],
    'src/server.ts': EVERYTHING,
    'src/index.ts': EVERYTHING,
    'src/cli/': EVERYTHING,
    'src/cli.ts': EVERYTHING,
    'src/core.ts': EVERYTHING,
    'src/config.ts': EVERYTHING,
    // The desktop shell uses the core through its facade only; the preload runs in the renderer's sandbox.
    'main/': ['src/index.ts'],
    'preload/': [],
    // The renderer: a screen takes the API client, the language switch, the shared kernel and the API's types.
    'renderer/api/': ['renderer/i18n/', 'type:src/'], // the client sends the chosen language
    'renderer/i18n/': ['type:src/'],
    'renderer/shared/': ['renderer/api/', 'renderer/i18n/', 'type:src/'],
    'renderer/*/': ['renderer/api/', 'renderer/i18n/', 'renderer/shared/', 'type:src/'],
    'renderer/App.tsx': ['renderer/'],
    'renderer/main.tsx': ['renderer/'],
    'renderer/styles.css': [],
    'renderer/vite.config.ts': [],
  },
  // Where today's code still breaks the table, each with why: test/unit/lint/layers.test.ts counts them and
  // fails on one that no import needs any more, so this list can only shrink.
  departures: [
    { from: 'main/window.ts', to: 'preload/bridge.ts', why: 'the command-line switch that hands the API base URL to the preload is named once, in the preload (which may import nothing)' },
  ],
};

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
    // The layer table above: every file of src/, main/, preload/ and renderer/.
    files: ['src/**/*.{ts,tsx,mts}', 'main/**/*.{ts,tsx,mts}', 'preload/**/*.{ts,tsx,mts}', 'renderer/**/*.{ts,tsx,mts}'],
    plugins: { local: localRules },
    rules: { 'local/layers': ['error', layerTable] },
  },
  {
    // main/ loads electron only through electron-api.ts's types (what it may import of the project: the table).
    files: ['main/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'require it at run time with the local types of main/electron-api.ts (docs/desktop.md)' }] }] },
  },
  {
    // The catalogs' SQL lives in src/catalogs/db/ as the main database's lives in src/store/.
    files: ['src/catalogs/**/*.ts'],
    ignores: ['src/catalogs/db/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [{ name: 'better-sqlite3', message: 'SQL of the catalogs lives in src/catalogs/db/' }] }] },
  },
);
