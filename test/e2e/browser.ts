/** Chromium (scripts/lib/chromium.mjs finds it), headless, with the flags this machine needs (no background network, no GPU). */
import { chromium, type Browser } from 'playwright-core';
import { findChromium } from '../../scripts/lib/chromium.mjs';

/** vitest.config.ts leaves the end-to-end tests out where there is none. */
export const CHROMIUM = findChromium() ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
