/** A page of a catalog listing or search: `page` from 1, `perPage` items. */
export interface PageRequest {
  page: number;
  perPage: number;
}

export interface Page<T> {
  items: T[];
  /** Matches in all pages. */
  total: number;
}

export const offsetOf = (page: PageRequest) => (page.page - 1) * page.perPage;

/**
 * Rows of a page and their total; the count query runs only when the first page is full (a narrow search
 * answers with one query).
 */
export function paged<T>(page: PageRequest, rows: T[], count: () => number): Page<T> {
  const total = page.page === 1 && rows.length < page.perPage ? rows.length : count();
  return { items: rows, total };
}
