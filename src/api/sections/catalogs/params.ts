/**
 * What the catalog endpoints share (docs/catalogs.md): the ability, paging, the search text, the batch
 * limit, and the two shapes most of them have, a plain list and a paged search.
 */
import type { TSchema } from 'typebox';
import type { Clock } from '../../../domain/clock.ts';
import { AppError } from '../../../domain/errors.ts';
import type { Page, PageRequest } from '../../../catalogs/page.ts';
import { ok, pagination } from '../../envelope.ts';
import type { TypedApp } from '../../schema-types.ts';
import { batchReply, CodeBatch, listReply, MAX_BATCH_CODES, pageReply, SearchQuery } from './schemas.ts';

const DEFAULT_PER_PAGE = 20;
const tags = ['reference'];

/** Every catalog endpoint: an organization key with `reference:read` (spec). */
export const REFERENCE_READ = { key: 'organization', abilities: ['reference:read'] } as const;

/** `page` and `per_page` (or its alias `limit`); the schema has bounded them already. */
export function pageOf(query: { page?: number; per_page?: number; limit?: number }): PageRequest {
  return { page: query.page ?? 1, perPage: query.per_page ?? query.limit ?? DEFAULT_PER_PAGE };
}

/** The search text `q`: required and not blank. */
export function searchText(q: string | undefined): string {
  const text = q?.trim() ?? '';
  if (text === '') throw new AppError('missing_param', 400, 'Give the words or the code to search for in the query parameter q.');
  return text;
}


/**
 * POST `path` with a CodeBatch: at most 50 codes (400 too_many_codes beyond), the entries found in the
 * order asked, and `not_found` beside `data` for the codes (as sent) whose `canonical` form found nothing.
 */
export function batchRoute<T extends { code: string }, V>(
  app: TypedApp, clock: Clock, path: string, summary: string, item: TSchema, lookup: (codes: string[]) => T[], view: (found: T) => V, canonical: (code: string) => string,
): void {
  app.post(path, { config: REFERENCE_READ, schema: { tags, summary, body: CodeBatch, response: { 200: batchReply(item) } } }, async (request) => {
    const codes = request.body.codes.map((c) => c.trim());
    if (codes.length > MAX_BATCH_CODES) throw new AppError('too_many_codes', 400, `At most ${MAX_BATCH_CODES} codes per request; ${codes.length} were sent.`);
    const found = lookup(codes);
    const known = new Set(found.map((e) => e.code));
    return { ...ok(found.map(view), undefined, clock.now()), not_found: [...new Set(codes.filter((c) => !known.has(canonical(c))))] };
  });
}

/** GET `path`: a whole list, in the envelope. */
export function listRoute<T>(app: TypedApp, clock: Clock, path: string, summary: string, item: TSchema, list: () => T[]): void {
  app.get(path, { config: REFERENCE_READ, schema: { tags, summary, response: { 200: listReply(item) } } }, async () => ok(list(), undefined, clock.now()));
}

/** GET `path?q=&page=&per_page=`: a search, one page of it with `pagination` beside `data`. */
export function searchRoute<T, V>(app: TypedApp, clock: Clock, path: string, summary: string, item: TSchema, search: (q: string, page: PageRequest) => Page<T>, view: (found: T) => V): void {
  app.get(path, { config: REFERENCE_READ, schema: { tags, summary, querystring: SearchQuery, response: { 200: pageReply(item) } } }, async (request) => {
    const page = pageOf(request.query);
    const found = search(searchText(request.query.q), page);
    return { ...ok(found.items.map(view), undefined, clock.now()), pagination: pagination(page.page, page.perPage, found.total) };
  });
}
