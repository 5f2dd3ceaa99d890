import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
    // A temporary folder per run; fails the run when a test leaves a facturador-* folder behind.
    globalSetup: ['test/temp-root.ts'],
  },
});
