/** The list's filters (docs/documents-api.md: the ones GET /documents supports) as its query. */

export interface DocumentFilters {
  /** 01…10, or RC for receiver messages; '' for all. */
  document_type: string;
  status: string;
  /** YYYY-MM-DD, Costa Rica calendar days, inclusive. */
  from: string;
  to: string;
  /** Receiver identification. */
  receiver: string;
  /** Clave, consecutive number, or a consecutive's last digits (docs/documents-api.md). */
  search: string;
  /** The cashier who issued it (docs/tills.md); '' or absent for all. */
  cashier_id?: string;
}

export const NO_FILTERS: DocumentFilters = { document_type: '', status: '', from: '', to: '', receiver: '', search: '', cashier_id: '' };

export const STATUS_FILTERS = ['processing', 'sent', 'queued', 'accepted', 'rejected', 'error'] as const;
export const TYPE_FILTERS = ['01', '02', '03', '04', '08', '09', '10', 'RC'] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The query of a page: empty filters are left out; an identification loses its dashes and spaces, as the
 * server stores it; a half-typed date is not sent (the server would refuse the whole request).
 */
export function filterQuery(f: DocumentFilters, cursor: string | null = null, perPage = 50): Record<string, string | number | undefined> {
  return {
    per_page: perPage,
    cursor: cursor ?? undefined,
    document_type: f.document_type || undefined,
    status: f.status || undefined,
    from: DAY.test(f.from) ? f.from : undefined,
    to: DAY.test(f.to) ? f.to : undefined,
    receiver: f.receiver.replace(/[\s.-]/g, '') || undefined,
    search: f.search.trim() || undefined,
    cashier_id: f.cashier_id || undefined,
  };
}

export const hasFilters = (f: DocumentFilters) => Object.values(f).some((v) => v !== '');
