// Bundles the core (src/cli.ts and everything it imports) into dist/facturador.mjs with esbuild, so the
// app starts without compiling TypeScript at run time. Pure-JS libraries are bundled in (one file to read
// instead of hundreds of small modules: start-up is dominated by module loading); native addons and
// packages that load files or workers at run time stay external in node_modules.
// Runs on `npm ci` / `npm install` (the package's `prepare` script) and with `npm run build`.
import { build } from 'esbuild';

const EXTERNAL = [
  'better-sqlite3', // native addon
  '@napi-rs/keyring', // native addon
  'pino', // starts transport workers from its own files
  'thread-stream',
  '@fastify/swagger-ui', // serves its static files from its folder
  'tsx',
  'esbuild',
  'pdfkit', // react-pdf's writer: loads its standard-font metrics through package.json "imports" (#standard-fonts/*)
];

await build({
  entryPoints: ['src/cli.ts'],
  outfile: 'dist/facturador.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: EXTERNAL,
  sourcemap: 'linked',
  // Smaller text parses faster at start-up; identifiers keep their names for readable stack traces.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  // Bundled CommonJS packages call require(); give the ES module one.
  banner: { js: "// Built by scripts/build.mjs from src/; do not edit.\nimport { createRequire as __facturadorRequire } from 'node:module';\nconst require = __facturadorRequire(import.meta.url);" },
});
