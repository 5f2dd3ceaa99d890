// Where the Chromium is that the screens' end-to-end tests and bench/ui.ts drive with Playwright:
// FACTURADOR_CHROMIUM when set, else Debian's chromium package, else Google Chrome's .deb. Ubuntu ships
// Chromium only as a snap (chromium-browser), whose private /tmp hides the profile Playwright creates, so
// it is not among the candidates: on Ubuntu install Google Chrome's .deb or point FACTURADOR_CHROMIUM at one.
import { accessSync, constants, readFileSync } from 'node:fs';

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/google-chrome-stable', '/usr/bin/google-chrome'];

/** Whether `path` is a file this user may run. */
export function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The browser's path, or undefined when this machine has none the tests can drive. */
export function findChromium(env = process.env) {
  if (env.FACTURADOR_CHROMIUM) return env.FACTURADOR_CHROMIUM;
  return CHROMIUM_CANDIDATES.find(executable);
}

/** Whether apt-get can install Debian's chromium here: not on Ubuntu, where the name is a snap. */
export function aptHasChromium() {
  try {
    return !/^ID=ubuntu$/m.test(readFileSync('/etc/os-release', 'utf8'));
  } catch {
    return true;
  }
}
