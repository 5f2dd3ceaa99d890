/** Response envelopes of the spec: `{success, data, message?, timestamp, api_version}`. */
export const API_VERSION = '1.0';

export interface SuccessEnvelope<T> {
  success: true;
  data: T;
  message?: string;
  timestamp: string;
  api_version: string;
}

export function ok<T>(data: T, message?: string, now = new Date()): SuccessEnvelope<T> {
  return { success: true, data, ...(message === undefined ? {} : { message }), timestamp: now.toISOString(), api_version: API_VERSION };
}

export interface Pagination {
  current_page: number;
  per_page: number;
  last_page: number;
  total: number;
}

/** `page` (≥ 1, default 1) and `per_page` (1..100, default 20) of paginated listings. */
export function pageParams(query: { page?: unknown; per_page?: unknown }): { page: number; perPage: number } {
  const page = Number(query.page ?? 1);
  const perPage = Number(query.per_page ?? 20);
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    perPage: Number.isInteger(perPage) && perPage >= 1 && perPage <= 100 ? perPage : 20,
  };
}

export function pagination(page: number, perPage: number, total: number): Pagination {
  return { current_page: page, per_page: perPage, last_page: Math.max(1, Math.ceil(total / perPage)), total };
}
