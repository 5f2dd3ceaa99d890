/** The head office's tills as the API shows them (docs/replication.md). */
import type { TillRow } from '../../../store/tills.ts';

export function tillView(row: TillRow) {
  return {
    id: row.id,
    name: row.name,
    branch: row.branch,
    terminal: row.terminal,
    last_seen_at: row.lastSeenAt,
    documents_received: row.documentsReceived,
    created_at: row.createdAt,
  };
}
