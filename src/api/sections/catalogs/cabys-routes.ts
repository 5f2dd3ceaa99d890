/**
 * /reference/cabys: search, first-level categories, browse by level, batch and one code (spec "Catalogs").
 * Registered by routes.ts; every route needs `reference:read`.
 */
import type { Clock } from '../../../domain/clock.ts';
import type { Catalogs } from '../../../catalogs/catalogs.ts';
import { ok, pagination } from '../../envelope.ts';
import { AppError } from '../../../domain/errors.ts';
import { batchRoute, listRoute, pageOf, REFERENCE_READ as config, searchRoute } from './params.ts';
import { cabysCategoryView, cabysCodeBrowseView, cabysCodeView, cabysDetailView } from './views.ts';
import type { TypedApp } from '../../schema-types.ts';
import { CabysBrowseItem, CabysBrowseQuery, CabysCode, CabysCodeDetail, CodeParams, itemReply, pageReply } from './schemas.ts';

const notFound = (code: string) => new AppError('cabys_not_found', 404, `No CABYS code or category ${code}.`);

export function cabysRoutes(app: TypedApp, deps: { catalogs: Pick<Catalogs, 'cabys'>; clock: Clock }): void {
  const tags = ['reference'];
  const cabys = deps.catalogs.cabys;
  const clock = () => deps.clock.now();

  searchRoute(app, deps.clock, '/reference/cabys', 'Search CABYS by words (accents and case ignored) or by the start of a code; best first', CabysCode,
    (q, page) => cabys.search(q, page), cabysCodeView);

  listRoute(app, deps.clock, '/reference/cabys/categories', 'The first-level CABYS categories (0-4 goods, 5-9 services)', CabysBrowseItem,
    () => cabys.categories().map(cabysCategoryView));

  app.get('/reference/cabys/browse', {
    config,
    schema: { tags, summary: 'The CABYS tree: a level (1-8 categories, 9 codes), beneath a parent category', querystring: CabysBrowseQuery, response: { 200: pageReply(CabysBrowseItem) } },
  }, async (request) => {
    const page = pageOf(request.query);
    const parent = (request.query.parent ?? request.query.category)?.trim();
    const result = cabys.browse({ level: request.query.level, parent }, page);
    if (result.kind === 'parent_not_found') throw notFound(parent ?? '');
    if (result.kind === 'level_not_below_parent') throw new AppError('invalid_request', 400, `level must be below the parent's level (${result.parentLevel}).`);
    const items = result.kind === 'codes' ? result.page.items.map(cabysCodeBrowseView) : result.page.items.map(cabysCategoryView);
    return { ...ok(items, undefined, clock()), pagination: pagination(page.page, page.perPage, result.page.total) };
  });

  batchRoute(app, deps.clock, '/reference/cabys/batch', 'Up to 50 codes at once (CodeBatch); codes that do not exist are listed in not_found', CabysCodeDetail,
    (codes) => cabys.getMany(codes), cabysDetailView, (code) => code);

  app.get('/reference/cabys/:code', {
    config,
    schema: { tags, summary: 'One CABYS code with its nine levels and notes (CabysCodeDetail)', params: CodeParams, response: { 200: itemReply(CabysCodeDetail) } },
  }, async (request) => {
    const entry = cabys.get(request.params.code.trim());
    if (!entry) throw notFound(request.params.code);
    return ok(cabysDetailView(entry), undefined, clock());
  });
}
