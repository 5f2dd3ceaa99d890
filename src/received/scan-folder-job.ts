/** The outbox job `scan_received_folder` (intake-job.ts): scans the organization's watched folder (watched-folder.ts). */
import type { JobHandler } from '../outbox/worker.ts';
import { getReceivedFolder, recordFolderScan } from '../store/received-folders.ts';
import { SCAN_FOLDER_JOB } from './folder-settings.ts';
import { intakeJobHandler, type IntakeDependencies } from './intake-job.ts';
import { scanFolder } from './watched-folder.ts';

export { SCAN_FOLDER_JOB };

export function scanFolderHandler(deps: IntakeDependencies): JobHandler {
  return intakeJobHandler(deps, {
    kind: SCAN_FOLDER_JOB,
    load: (organizationId) => {
      const row = getReceivedFolder(deps.store.db, organizationId);
      return row && { row: row.path, enabled: row.enabled, environment: row.environment, intervalMinutes: row.intervalMinutes };
    },
    run: (path, scope) => scanFolder(deps, scope, path),
    record: recordFolderScan,
  });
}
