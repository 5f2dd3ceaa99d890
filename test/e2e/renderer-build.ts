/**
 * The e2e tests drive the built renderer (renderer/dist/, what the server serves at `/`; or the folder in
 * FACTURADOR_RENDERER_DIST). `npm ci` builds it (scripts/build.mjs); this rebuilds it when missing or older
 * than any source file, so a test never runs against stale screens. Test files run in parallel workers:
 * one builds while the others wait on a lock directory, then find the build fresh.
 */
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

const RENDERER = fileURLToPath(new URL('../../renderer/', import.meta.url));
/** A build takes seconds; a lock older than this was left by a killed test run. */
const STALE_LOCK_MS = 120_000;

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const distOf = () => process.env['FACTURADOR_RENDERER_DIST'] || join(RENDERER, 'dist');
const isFresh = (dist: string) => (statSync(join(dist, 'index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0) > newestSource(RENDERER);

/** mkdir is atomic: whoever creates the directory holds the lock. */
async function withLock<T>(lock: string, work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      else await sleep(200);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export async function ensureRendererBuilt(): Promise<void> {
  const dist = distOf();
  if (isFresh(dist)) return;
  await withLock(`${dist.replace(/\/$/, '')}.building`, async () => {
    if (isFresh(dist)) return; // another worker built it while this one waited
    const { build } = await import('vite');
    // Vitest sets NODE_ENV=test, which would bundle React's development build: test what ships instead.
    const nodeEnv = process.env['NODE_ENV'];
    process.env['NODE_ENV'] = 'production';
    try {
      await build({ configFile: join(RENDERER, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
    } finally {
      // Assigning undefined would leave the string "undefined".
      if (nodeEnv === undefined) delete process.env['NODE_ENV'];
      else process.env['NODE_ENV'] = nodeEnv;
    }
  });
}
