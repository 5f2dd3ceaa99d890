import { defineConfig } from 'vitest/config';
import { findChromium } from './scripts/lib/chromium.mjs';

// The screens' end-to-end tests need a Chromium Playwright can drive (scripts/lib/chromium.mjs). Where there
// is none (Ubuntu without Google Chrome) they are left out, loudly; CI sets FACTURADOR_REQUIRE_CHROMIUM=1
// so that a missing browser fails the run instead.
const withoutBrowser = !findChromium() && process.env.FACTURADOR_REQUIRE_CHROMIUM !== '1';
if (withoutBrowser) {
  console.warn('No Chromium here: the screens\' end-to-end tests (test/e2e) are skipped. Install Debian\'s chromium or Google Chrome\'s .deb, or set FACTURADOR_CHROMIUM.');
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(withoutBrowser ? ['test/e2e/**'] : [])],
    testTimeout: 30_000,
    pool: 'forks',
    // A temporary folder per run; fails the run when a test leaves a facturador-* folder behind.
    globalSetup: ['test/temp-root.ts'],
  },
});
