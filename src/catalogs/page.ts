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
