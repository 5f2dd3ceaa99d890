/** The spec's `ArchiveExport` from a stored row; a ready export past its download window reads as expired. */
import type { ArchiveExportRow } from '../../../store/archive-exports.ts';
import { effectiveStatus } from '../../../archive/export-state.ts';
import type { Environment } from '../../route-config.ts';

export function archiveExportView(row: ArchiveExportRow, now: Date) {
  return {
    id: row.id,
    environment: row.environment as Environment,
    from: row.from,
    to: row.to,
    status: effectiveStatus(row, now),
    documents: row.documents,
    size_bytes: row.sizeBytes,
    error: row.error,
    created_at: row.createdAt,
    finished_at: row.finishedAt,
    expires_at: row.expiresAt,
  };
}
