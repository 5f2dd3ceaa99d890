// The esbuild settings shared by the core's bundle (scripts/build.mjs) and the desktop shell's
// (scripts/build-main.mjs): one ES module for Node 20, pure-JS libraries bundled in (start-up is dominated
// by module loading), native addons and packages that load files or workers at run time left external.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

export const EXTERNAL = [
  'better-sqlite3', // native addon
  '@napi-rs/keyring', // native addon
  'pino', // starts transport workers from its own files
  'thread-stream',
  '@fastify/swagger-ui', // serves its static files from its folder
  'tsx',
  'esbuild',
  'pg-native', // pg's optional libpq binding, never installed
  'pdfkit', // react-pdf's writer: loads its standard-font metrics through package.json "imports" (#standard-fonts/*)
];

/** Bundles `entry` into `outfile`; `builtBy` names the script in the file's do-not-edit banner. */
export function nodeBundle(entry, outfile, builtBy, extraExternal = []) {
  return build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...EXTERNAL, ...extraExternal],
    sourcemap: 'linked',
    // Smaller text parses faster at start-up; identifiers keep their names for readable stack traces.
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
    // Bundled CommonJS packages call require(); give the ES module one.
    banner: { js: `// Built by ${builtBy}; do not edit.\nimport { createRequire as __facturadorRequire } from 'node:module';\nconst require = __facturadorRequire(import.meta.url);` },
  });
}

/**
 * The core's worker threads (src/threads/worker-entries.json), each bundled as `<name>-worker.mjs` into
 * `outdir`, beside the bundle that starts them: src/threads/worker-script.ts looks for them there.
 */
export function bundleWorkers(outdir, builtBy) {
  const entries = JSON.parse(readFileSync('src/threads/worker-entries.json', 'utf8'));
  return Promise.all(Object.entries(entries).map(([name, entry]) => nodeBundle(entry, join(outdir, `${name}-worker.mjs`), builtBy)));
}

/** `outfile` and the workers beside it. */
export function nodeBundleWithWorkers(entry, outfile, builtBy, extraExternal = []) {
  return Promise.all([nodeBundle(entry, outfile, builtBy, extraExternal), bundleWorkers(dirname(outfile), builtBy)]);
}
