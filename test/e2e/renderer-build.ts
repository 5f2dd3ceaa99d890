/**
 * The e2e tests drive the built renderer (renderer/dist/, what the server serves at `/`). `npm ci` builds
 * it (scripts/build.mjs); this rebuilds it when missing or older than any source file, so a test never
 * runs against stale screens.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RENDERER = fileURLToPath(new URL('../../renderer/', import.meta.url));

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export async function ensureRendererBuilt(): Promise<void> {
  const dist = process.env['FACTURADOR_RENDERER_DIST'] || join(RENDERER, 'dist');
  const built = statSync(join(dist, 'index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (built > newestSource(RENDERER)) return;
  const { build } = await import('vite');
  await build({ configFile: join(RENDERER, 'vite.config.ts'), logLevel: 'warn' });
}
