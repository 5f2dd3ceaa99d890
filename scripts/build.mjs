// Bundles the core (src/cli.ts and everything it imports) into dist/facturador.mjs with esbuild, so the
// app starts without compiling TypeScript at run time. Pure-JS libraries are bundled in (one file to read
// instead of hundreds of small modules: start-up is dominated by module loading); native addons and
// packages that load files or workers at run time stay external in node_modules.
// Runs on `npm ci` / `npm install` (the package's `prepare` script) and with `npm run build`.
import { nodeBundleWithWorkers } from './lib/node-bundle.mjs';

await nodeBundleWithWorkers('src/cli.ts', 'dist/facturador.mjs', 'scripts/build.mjs from src/');

// The screens (renderer/, Vite) into renderer/dist/, which `npm start` serves at `/`. Never fatal: without
// them (Vite not installed with --omit=dev, a build error) the server still starts and serves its
// placeholder page, and the API is whole.
try {
  const { build: buildRenderer } = await import('vite');
  await buildRenderer({ configFile: 'renderer/vite.config.ts', logLevel: 'warn' });
} catch (error) {
  console.warn(`renderer not built (the API works without it): ${error instanceof Error ? error.message : String(error)}`);
}
