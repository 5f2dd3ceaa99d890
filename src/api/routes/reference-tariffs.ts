/**
 * /reference/tariff-codes: search, chapters, browse, batch and one code (spec "Catalogs"). The catalog is
 * the HS nomenclature (6 digits); a 12-digit Costa Rican code is answered from its subheading
 * (docs/catalogs.md). Registered by reference.ts; every route needs `reference:read`.
 */
import type { Core } from '../../core.ts';
import type { TariffEntry } from '../../catalogs/tariff-reference.ts';
import { codeDigits } from '../../catalogs/search-text.ts';
import { ok } from '../envelope.ts';
import { ApiError } from '../errors.ts';
import { batchRoute, listRoute, REFERENCE_READ as config, searchRoute } from '../reference-params.ts';
import { tariffDetailView, tariffView } from '../reference-views.ts';
import type { TypedApp } from '../schema-types.ts';
import { CodeParams, itemReply, listReply, TariffBrowseQuery, TariffCode, TariffCodeDetail } from './reference-schemas.ts';

const notFound = (code: string) => new ApiError('tariff_not_found', 404, `No tariff code ${code} (a 12-digit code needs an existing 6-digit subheading).`);

export function tariffRoutes(app: TypedApp, core: Core): void {
  const tags = ['reference'];
  const tariffs = core.catalogs.tariffs;
  const clock = () => core.clock.now();
  const detail = (entry: TariffEntry) => tariffDetailView(entry, entry.national ? [] : tariffs.children(entry.code));

  searchRoute(app, core, '/reference/tariff-codes', 'Search tariff codes by English words of the HS 2022 descriptions, or by the start of a code', TariffCode,
    (q, page) => tariffs.search(q, page), tariffView);

  listRoute(app, core, '/reference/tariff-codes/chapters', 'The 97 HS chapters with their sections', TariffCode, () => tariffs.chapters().map(tariffView));

  app.get('/reference/tariff-codes/browse', {
    config,
    schema: { tags, summary: 'The codes directly under a chapter or heading (the chapters without parent)', querystring: TariffBrowseQuery, response: { 200: listReply(TariffCode) } },
  }, async (request) => {
    const parent = request.query.parent?.trim();
    const entry = parent ? tariffs.get(parent) : undefined;
    if (parent && !entry) throw notFound(parent);
    return ok((entry ? tariffs.children(entry.code) : tariffs.chapters()).map(tariffView), undefined, clock());
  });

  batchRoute(app, core, '/reference/tariff-codes/batch', 'Up to 50 tariff codes at once (CodeBatch); codes that do not exist are listed in not_found', TariffCodeDetail,
    (codes) => tariffs.getMany(codes), detail, (code) => codeDigits(code) ?? code);

  app.get('/reference/tariff-codes/:code', {
    config,
    schema: { tags, summary: 'One tariff code with its parent and children (TariffCodeDetail)', params: CodeParams, response: { 200: itemReply(TariffCodeDetail) } },
  }, async (request) => {
    const entry = tariffs.get(request.params.code);
    if (!entry) throw notFound(request.params.code);
    return ok(detail(entry), undefined, clock());
  });
}
