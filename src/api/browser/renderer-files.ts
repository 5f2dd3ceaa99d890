/**
 * The built renderer (renderer/dist/, Vite's output: index.html and assets/) when it exists. Only files
 * inside renderer/dist/assets/ are served besides index.html: a name with `..`, a backslash or a NUL byte
 * never reaches the file system, and the resolved path must still be inside that folder.
 */
import { readFileSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { PROJECT_ROOT } from '../../paths.ts';

/** FACTURADOR_RENDERER_DIST: another build of the screens (a test building its own copy). */
export const RENDERER_DIST = process.env['FACTURADOR_RENDERER_DIST'] || join(PROJECT_ROOT, 'renderer', 'dist');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
};

const indexes = new Map<string, { mtimeMs: number; size: number; html: string }>();

/**
 * renderer/dist/index.html, or undefined while the renderer is not built. Read again only when the file
 * changed (a rebuild while the server runs), not on every page load.
 */
export function rendererIndex(dist = RENDERER_DIST): string | undefined {
  const file = join(dist, 'index.html');
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile()) return undefined;
  const cached = indexes.get(file);
  if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.html;
  const html = readFileSync(file, 'utf8');
  indexes.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, html });
  return html;
}

/** A file of renderer/dist/assets/ with its content type, or undefined. */
export function rendererAsset(name: string, dist = RENDERER_DIST): { body: Buffer; type: string } | undefined {
  if (name.includes('..') || name.includes('\\') || name.includes('\0')) return undefined;
  const folder = resolve(dist, 'assets');
  const file = resolve(folder, name);
  if (!file.startsWith(folder + sep) || !statSync(file, { throwIfNoEntry: false })?.isFile()) return undefined;
  return { body: readFileSync(file), type: TYPES[extname(file)] ?? 'application/octet-stream' };
}
