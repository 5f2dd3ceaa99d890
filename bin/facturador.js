#!/usr/bin/env node
// Starts the `facturador` command: from the bundle dist/facturador.mjs when it is newer than every source
// file (fast start, built by `npm ci` / `npm run build`), else straight from the TypeScript sources through
// tsx's loader, so an edited checkout never runs stale code.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = join(root, 'dist', 'facturador.mjs');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

async function loadCli() {
  if (process.env.FACTURADOR_FROM_SOURCE !== '1' && existsSync(bundle) && statSync(bundle).mtimeMs >= newestSource(join(root, 'src'))) {
    return import(bundle);
  }
  const { register } = await import('tsx/esm/api');
  register();
  return import('../src/cli.ts');
}

const { runCli } = await loadCli();
try {
  const code = await runCli(process.argv.slice(2));
  // `serve` and the simulator keep running on their open servers; other commands end with their exit code.
  // A running server or simulator keeps the process alive; a refusal to start (code ≠ 0) ends it.
  if ((process.argv[2] !== 'serve' && process.argv[2] !== 'hacienda-simulator') || code !== 0) process.exitCode = code;
} catch (err) {
  process.stderr.write(`facturador: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
}
