/**
 * The watched folder of an organization as the Settings screen changes it. The path must be an absolute,
 * existing folder outside the system's own and the app's data directory: a scan moves the files it takes, so a
 * key that may change settings must not be able to point it at the machine's folders.
 */
import { statSync } from 'node:fs';
import { isAbsolute, resolve, sep } from 'node:path';
import { AppError } from '../domain/errors.ts';
import type { Store } from '../store/database.ts';
import { saveReceivedFolder, type ReceivedFolderRow } from '../store/received-folders.ts';
import { scheduleOrganizationJob } from '../store/outbox.ts';

/** The outbox job that scans a watched folder (scan-folder-job.ts handles it). */
export const SCAN_FOLDER_JOB = 'scan_received_folder';

export interface FolderInput {
  environment: string;
  path: string;
  intervalMinutes: number;
  enabled: boolean;
}

const SYSTEM_FOLDERS = ['/', '/bin', '/boot', '/dev', '/etc', '/lib', '/proc', '/root', '/run', '/sbin', '/sys', '/usr', '/var', 'C:\\Windows', 'C:\\Program Files'];

const refused = (message: string) => new AppError('validation_error', 422, message, { fieldErrors: { path: [message] } });

/** Why the path cannot be watched, or undefined. */
function pathProblem(path: string, dataDir: string): string | undefined {
  if (!isAbsolute(path)) return 'The folder must be an absolute path.';
  const full = resolve(path);
  const inside = (root: string) => full === root || full.startsWith(root.endsWith(sep) ? root : root + sep);
  if (SYSTEM_FOLDERS.some((root) => full.toLowerCase() === root.toLowerCase() || (root !== '/' && inside(root)))) return 'A system folder cannot be watched.';
  if (inside(resolve(dataDir)) || resolve(dataDir).startsWith(full + sep)) return 'The app\'s data directory cannot be watched.';
  try {
    if (!statSync(full).isDirectory()) return 'The path is not a folder.';
  } catch {
    return 'The folder does not exist.';
  }
  return undefined;
}

/** Stores the folder and, when it is enabled, has it scanned now; one transaction. */
export function configureFolder(deps: { store: Pick<Store, 'transaction'>; config: { dataDir: string } }, organizationId: number, input: FolderInput, now: Date): ReceivedFolderRow {
  const problem = pathProblem(input.path, deps.config.dataDir);
  if (problem) throw refused(problem);
  const iso = now.toISOString();
  return deps.store.transaction((db) => {
    const row = saveReceivedFolder(db, { organizationId, ...input, path: resolve(input.path), createdAt: iso, updatedAt: iso });
    if (row.enabled) scheduleOrganizationJob(db, SCAN_FOLDER_JOB, organizationId, now, now);
    return row;
  });
}
