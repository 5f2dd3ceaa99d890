/**
 * A folder on disk where the shop's accounting or mail software already saves its suppliers' files: each scan
 * takes the XML, PDF and ZIP files that have settled (not written to for a few seconds), receives them as one
 * arrival (receive-files.ts), and moves each out of the way — into `procesados/` when it was taken, into
 * `con-problemas/` with a `.motivo.txt` beside it when it was not — so that nothing is read twice and nothing
 * refused is lost from sight. Other files and subfolders are left alone.
 */
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { Tally } from './intake-job.ts';
import { receiveFiles, type FileOutcome, type ReceiveDependencies, type ReceiveScope } from './receive-files.ts';
import type { IncomingFile } from './unpack.ts';

export const PROCESSED_FOLDER = 'procesados';
export const PROBLEMS_FOLDER = 'con-problemas';
/** A file written to this recently may still be being written. */
export const SETTLE_MS = 5_000;
/** Files per scan, and the size of one: a scan is one arrival, within a mail's limits. */
export const MAX_SCAN_FILES = 200;
export const MAX_FOLDER_FILE_BYTES = 25 * 1024 * 1024;

const WANTED = /\.(xml|pdf|zip)$/i;

/** A free name in `dir` for `name`: `factura.xml`, else `factura (2).xml`, … */
async function freeName(dir: string, name: string): Promise<string> {
  const ext = extname(name);
  const stem = basename(name, ext);
  for (let n = 1; ; n++) {
    const candidate = join(dir, n === 1 ? name : `${stem} (${n})${ext}`);
    try {
      await stat(candidate);
    } catch {
      return candidate;
    }
  }
}

async function moveAside(dir: string, name: string, into: string, reasons: string[]): Promise<void> {
  const target = join(dir, into);
  await mkdir(target, { recursive: true });
  const to = await freeName(target, name);
  await rename(join(dir, name), to);
  if (reasons.length > 0) await writeFile(`${to}.motivo.txt`, `${reasons.join('\n')}\n`, 'utf8');
}

/** The settled files of the folder worth reading, and those too large to read (with why). */
async function settledFiles(dir: string, now: number): Promise<{ files: IncomingFile[]; tooLarge: string[] }> {
  const entries = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile() && WANTED.test(e.name)).map((e) => e.name).sort();
  const files: IncomingFile[] = [];
  const tooLarge: string[] = [];
  for (const name of entries.slice(0, MAX_SCAN_FILES)) {
    const info = await stat(join(dir, name));
    if (now - info.mtimeMs < SETTLE_MS) continue;
    if (info.size > MAX_FOLDER_FILE_BYTES) tooLarge.push(name);
    else files.push({ name, bytes: await readFile(join(dir, name)) });
  }
  return { files, tooLarge };
}

/** The reasons each top-level file was refused (a ZIP's entries count for the ZIP); empty when it was taken. */
function reasonsByFile(outcomes: FileOutcome[]): Map<string, string[]> {
  const reasons = new Map<string, string[]>();
  for (const outcome of outcomes) {
    const top = outcome.file.split('/')[0]!;
    const list = reasons.get(top) ?? [];
    if (outcome.status === 'problem') list.push(outcome.file === top ? outcome.reason : `${outcome.file}: ${outcome.reason}`);
    reasons.set(top, list);
  }
  return reasons;
}

/** Scans the folder once. */
export async function scanFolder(deps: ReceiveDependencies, scope: ReceiveScope, dir: string): Promise<Tally> {
  const { files, tooLarge } = await settledFiles(dir, deps.clock.now().getTime());
  for (const name of tooLarge) await moveAside(dir, name, PROBLEMS_FOLDER, [`more than ${MAX_FOLDER_FILE_BYTES / 1048576} MiB: not read`]);
  const outcomes = files.length > 0 ? await receiveFiles(deps, scope, { kind: 'folder', name: dir }, files) : [];
  const reasons = reasonsByFile(outcomes);
  let problems = tooLarge.length;
  for (const { name } of files) {
    const refused = reasons.get(name) ?? [];
    if (refused.length > 0) problems++;
    await moveAside(dir, name, refused.length > 0 ? PROBLEMS_FOLDER : PROCESSED_FOLDER, refused);
  }
  return { taken: files.length + tooLarge.length, stored: outcomes.filter((o) => o.status === 'stored').length, problems };
}
