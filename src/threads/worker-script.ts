/**
 * Starts one of the core's worker threads (worker-entries.json) wherever the core runs from. Beside a
 * bundle — dist/facturador.mjs (scripts/build.mjs) or the desktop shell's main/dist/index.js
 * (scripts/build-main.mjs) — each entry is bundled as `<name>-worker.mjs`; from the sources, the entry is
 * loaded through tsx (tsx-boot.mjs). Bundled code has the bundle's URL as import.meta.url, which is how the
 * two are told apart.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { PROJECT_ROOT } from '../paths.ts';
import entries from './worker-entries.json' with { type: 'json' };

export type WorkerName = keyof typeof entries;

/**
 * In a packaged desktop app the bundle is inside app.asar, which a worker thread cannot read from: the
 * workers are unpacked beside it (electron-builder.yml asarUnpack).
 */
const unpacked = (path: string) => path.replace(/app\.asar(?=[\\/])/, 'app.asar.unpacked');

/** The file a worker of `name` starts from (with the entry tsx-boot.mjs loads), or undefined when there is none. */
export function workerLocation(name: WorkerName): { file: string; entry?: string } | undefined {
  // Named as scripts/lib/node-bundle.mjs bundleWorkers writes it.
  const bundled = unpacked(fileURLToPath(new URL(`./${name}-worker.mjs`, import.meta.url)));
  if (existsSync(bundled)) return { file: bundled };
  const source = join(PROJECT_ROOT, entries[name]);
  const boot = join(PROJECT_ROOT, 'src', 'threads', 'tsx-boot.mjs');
  return existsSync(source) && existsSync(boot) ? { file: boot, entry: pathToFileURL(source).href } : undefined;
}

/** What a worker is started with beyond its script: its workerData, and the ports handed over with it. */
export interface WorkerStart {
  data: Record<string, unknown>;
  transfer: Transferable[];
}

/** A worker thread running `name`, or undefined when neither its bundle nor its sources are there. */
export function startWorker(name: WorkerName, resourceLimits?: ResourceLimits, start?: WorkerStart): Worker | undefined {
  const location = workerLocation(name);
  if (!location) return undefined;
  const workerData = location.entry || start ? { ...start?.data, entry: location.entry } : undefined;
  return new Worker(location.file, { workerData, resourceLimits, transferList: start?.transfer as never });
}
