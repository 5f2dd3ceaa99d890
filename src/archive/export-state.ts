/**
 * Where an export's ZIP lives and how long it may be downloaded. The download window starts when the ZIP
 * is ready; an export past it reads as `expired` at once, even before the expiry job has removed the file.
 */
import { join } from 'node:path';
import type { ArchiveExportRow, ArchiveExportStatus } from '../store/archive-exports.ts';

/** Days a ready export can be downloaded before its file is removed. */
export const EXPORT_DOWNLOAD_DAYS = 7;

export const EXPORTS_FOLDER = 'exports';

/** `file_path` as stored: relative to the data directory, so that a moved data directory keeps its exports. */
export function exportRelativePath(id: string): string {
  return `${EXPORTS_FOLDER}/${id}.zip`;
}

export function exportAbsolutePath(dataDir: string, relativePath: string): string {
  return join(dataDir, relativePath);
}

export function downloadWindowEnd(readyAt: Date): Date {
  return new Date(readyAt.getTime() + EXPORT_DOWNLOAD_DAYS * 24 * 60 * 60 * 1000);
}

export function effectiveStatus(row: Pick<ArchiveExportRow, 'status' | 'expiresAt'>, now: Date): ArchiveExportStatus {
  if (row.status === 'ready' && row.expiresAt !== null && Date.parse(row.expiresAt) <= now.getTime()) return 'expired';
  return row.status as ArchiveExportStatus;
}
