/**
 * /reference/tariff-codes: search, chapters, browse, batch and one code (spec "Catalogs"). The catalog is
 * the HS nomenclature (6 digits) without Costa Rica's national digits: a 12-digit code is not found, and its
 * answer names the HS subheading it extends when that exists (docs/catalogs.md). Registered by routes.ts; every route needs `reference:read`.
 */
import type { Clock } from '../../../domain/clock.ts';
import type { Catalogs } from '../../../catalogs/catalogs.ts';
import type { TariffEntry } from '../../../catalogs/tariff-reference.ts';
import { codeDigits } from '../../../catalogs/search-text.ts';
import { ok } from '../../envelope.ts';
import { AppError } from '../../../domain/errors.ts';
import { batchRoute, listRoute, REFERENCE_READ as config, searchRoute } from './params.ts';
import { tariffDetailView, tariffView } from './views.ts';
import type { TypedApp } from '../../schema-types.ts';
import { CodeParams, itemReply, listReply, TariffBrowseQuery, TariffCode, TariffCodeDetail } from './schemas.ts';

const notFound = (code: string) => new AppError('tariff_not_found', 404, `No tariff code ${code}.`);

/** A 12-digit code whose subheading exists: not claimed, but the subheading is named (`error.subheading`). */
const nationalUnknown = (code: string, subheading: TariffEntry) => new AppError('tariff_not_found', 404,
  `The national digits of ${code} are not in the catalogue, which holds the Harmonized System to 6 digits; its subheading ${subheading.code} exists (${subheading.description}). Check the full code against the customs tariff.`,
  { details: { subheading: tariffView(subheading) } });

export function tariffRoutes(app: TypedApp, deps: { catalogs: Pick<Catalogs, 'tariffs'>; clock: Clock }): void {
  const tags = ['reference'];
  const tariffs = deps.catalogs.tariffs;
  const clock = () => deps.clock.now();
  const detail = (entry: TariffEntry) => tariffDetailView(entry, tariffs.children(entry.code));

  searchRoute(app, deps.clock, '/reference/tariff-codes', 'Search tariff codes by English words of the HS 2022 descriptions, or by the start of a code', TariffCode,
    (q, page) => tariffs.search(q, page), tariffView);

  listRoute(app, deps.clock, '/reference/tariff-codes/chapters', 'The 97 HS chapters with their sections', TariffCode, () => tariffs.chapters().map(tariffView));

  app.get('/reference/tariff-codes/browse', {
    config,
    schema: { tags, summary: 'The codes directly under a chapter or heading (the chapters without parent)', querystring: TariffBrowseQuery, response: { 200: listReply(TariffCode) } },
  }, async (request) => {
    const parent = request.query.parent?.trim();
    const entry = parent ? tariffs.get(parent) : undefined;
    if (parent && !entry) throw notFound(parent);
    return ok((entry ? tariffs.children(entry.code) : tariffs.chapters()).map(tariffView), undefined, clock());
  });

  batchRoute(app, deps.clock, '/reference/tariff-codes/batch', 'Up to 50 tariff codes at once (CodeBatch); codes that do not exist are listed in not_found', TariffCodeDetail,
    (codes) => tariffs.getMany(codes), detail, (code) => codeDigits(code) ?? code);

  app.get('/reference/tariff-codes/:code', {
    config,
    schema: {
      tags,
      summary: 'One tariff code with its parent and children (TariffCodeDetail)',
      description: 'No national (12-digit) code is known: one is 404 tariff_not_found, with `error.subheading` (a TariffCode) when its HS subheading exists (docs/catalogs.md).',
      params: CodeParams,
      response: { 200: itemReply(TariffCodeDetail) },
    },
  }, async (request) => {
    const entry = tariffs.get(request.params.code);
    if (!entry) {
      const subheading = tariffs.subheadingOf(request.params.code);
      throw subheading ? nationalUnknown(request.params.code, subheading) : notFound(request.params.code);
    }
    return ok(detail(entry), undefined, clock());
  });
}
