/**
 * Worker threads where the core runs from a bundle (dist/facturador.mjs, the desktop shell's main/dist):
 * the build writes each worker beside the bundle and the bundle starts it from there, without tsx or
 * the sources (issue 12: the import's classifier fell back to the main thread in a packaged app).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { nodeBundleWithWorkers } from '../../../scripts/lib/node-bundle.mjs';
import entries from '../../../src/threads/worker-entries.json' with { type: 'json' };

// Inside the project (.tmp/, ignored), as an installed app's bundle is: src/paths.ts looks for package.json above it.
mkdirSync(join(process.cwd(), '.tmp'), { recursive: true });
const dir = mkdtempSync(join(process.cwd(), '.tmp', 'bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('starts the classifier from the worker bundled beside the bundle', async () => {
  await nodeBundleWithWorkers('test/fixtures/worker-probe.ts', join(dir, 'probe.mjs'), 'test');
  expect(readdirSync(dir).filter((f) => f.endsWith('-worker.mjs')).sort()).toEqual(Object.keys(entries).map((name) => `${name}-worker.mjs`).sort());
  expect(Object.keys(entries)).toContain('classify');
  const out = JSON.parse(execFileSync(process.execPath, [join(dir, 'probe.mjs')], { encoding: 'utf8', timeout: 20_000 }));
  expect(out.location).toEqual({ file: join(dir, 'classify-worker.mjs') });
  expect(out.result).toEqual({ kind: 'problem', reason: 'not an XML document' });
}, 60_000);
