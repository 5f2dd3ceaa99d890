import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { findChromium } from './scripts/lib/chromium.mjs';

// The screens' end-to-end tests need a Chromium Playwright can drive (scripts/lib/chromium.mjs). Where there
// is none (Ubuntu without Google Chrome) they are left out, loudly; CI sets FACTURADOR_REQUIRE_CHROMIUM=1
// so that a missing browser fails the run instead.
const withoutBrowser = !findChromium() && process.env.FACTURADOR_REQUIRE_CHROMIUM !== '1';
if (withoutBrowser) {
  console.warn('No Chromium here: the screens\' end-to-end tests (test/e2e) are skipped. Install Debian\'s chromium or Google Chrome\'s .deb, or set FACTURADOR_CHROMIUM.');
}

/**
 * The store's test matrix: everything runs on SQLite (the desktop's engine); the tests that exercise the store
 * through the API (test/api) run again on PostgreSQL, each server or fixture on a throw-away
 * database (test/helpers/postgres.ts). Tests about SQLite's file itself (backups of the file, its
 * permissions, what is written in it) have no PostgreSQL side.
 */
const SQLITE_FILE_TESTS = [
  'test/api/backups.test.ts', 'test/api/data-dir-permissions.test.ts', 'test/api/secrets-at-rest.test.ts',
];
// What does not depend on the store's engine runs once: the request fuzzers and validation messages, the HTTP
// hardening, and the reference catalogs (their own SQLite file, catalogs.db, on every installation).
const VALIDATION_ONLY = [
  'document-request-fuzz', 'fuzz', 'messages-language', 'messages-language-everywhere', 'openapi-coverage', 'frame',
  'network-hardening', 'browser-safety', 'reachability-probes', 'cabys-search', 'catalog-build-busy', 'reference',
].map((name) => `test/api/${name}.test.ts`);
const ON_POSTGRES_TOO = ['test/api/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // vitest's default is one fork fewer than the cores (one, on the project's 2-core machines); the tests mostly
    // wait on sockets, PostgreSQL and child processes, so two files at a time fit two cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // With two files at a time a screen may take longer than a second to show what a poll waits for.
    expect: { poll: { timeout: 10_000 } },
    // A temporary folder per run; fails the run when a test leaves a facturador-* folder behind.
    globalSetup: ['test/temp-root.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'sqlite', include: ['test/**/*.test.ts'], exclude: ['**/node_modules/**', ...(withoutBrowser ? ['test/e2e/**'] : [])] },
      },
      {
        extends: true,
        test: { name: 'postgres', include: ON_POSTGRES_TOO, exclude: ['**/node_modules/**', ...SQLITE_FILE_TESTS, ...VALIDATION_ONLY], env: { FACTURADOR_TEST_ENGINE: 'postgres' } },
      },
    ],
  },
});
