// Bundles the desktop shell: main/index.ts (with the core it starts) to main/dist/index.js, an ES module
// for Electron's main process, and preload/index.ts to preload/dist/index.cjs (a sandboxed preload must be
// a single CommonJS file). `electron` is left to Electron itself; native addons and packages that load
// files at run time stay external, as in scripts/build.mjs. electron-updater is imported by a name in a
// variable (main/updater.ts), which esbuild leaves alone.
import { build } from 'esbuild';
import { nodeBundleWithWorkers } from './lib/node-bundle.mjs';

await nodeBundleWithWorkers('main/index.ts', 'main/dist/index.js', 'scripts/build-main.mjs from main/ and src/', ['electron']);

await build({
  entryPoints: ['preload/index.ts'],
  outfile: 'preload/dist/index.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'chrome120',
  external: ['electron'],
  logLevel: 'warning',
});
