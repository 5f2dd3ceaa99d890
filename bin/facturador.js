#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx's loader, so no build step stands between a checkout and the app.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/cli.ts');
try {
  const code = await runCli(process.argv.slice(2));
  // `serve` keeps running on its open server; other commands end with their exit code.
  if (process.argv[2] !== 'serve') process.exitCode = code;
} catch (err) {
  process.stderr.write(`facturador: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
}
