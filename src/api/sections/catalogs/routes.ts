/**
 * Catalogs section (spec "Catalogs", ability `reference:read`): the v4.4 code tables (from the engine's own
 * generated tables), economic activities, locations, and the CABYS and tariff routes of cabys-routes.ts
 * and tariff-routes.ts. Decisions in docs/catalogs.md.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Clock } from '../../../domain/clock.ts';
import type { Catalogs } from '../../../catalogs/catalogs.ts';
import { ok } from '../../envelope.ts';
import { AppError } from '../../../domain/errors.ts';
import { listRoute, REFERENCE_READ as config, searchRoute } from './params.ts';
import { addressResultView, locationUnitView, provinceView } from './views.ts';
import {
  documentTypeEntries, paymentMethodEntries, referenceCodeEntries, referencedDocumentTypeEntries, saleConditionEntries, taxRateEntries, type CodeEntry,
} from '../../../catalogs/code-tables.ts';
import { economicActivities } from '../../../catalogs/economic-activities.ts';
import type { LocationRow } from '../../../catalogs/db/location-tables.ts';
import { cabysRoutes } from './cabys-routes.ts';
import { tariffRoutes } from './tariff-routes.ts';
import {
  ActivityQuery, AddressSearchResult, CantonParams, CodeEntry as CodeEntrySchema, DistrictParams, listReply, LocationUnit, Province, ProvinceParams, TaxRateEntry,
} from './schemas.ts';

const CODE_TABLES: [path: string, summary: string, entries: () => CodeEntry[]][] = [
  ['document-types', 'Document types (Nota 3): the comprobantes and the receiver messages', documentTypeEntries],
  ['payment-methods', 'Payment methods (Nota 6), with the names the API accepts', paymentMethodEntries],
  ['sale-conditions', 'Sale conditions (Nota 5), with the names the API accepts', saleConditionEntries],
  ['reference-codes', 'Reference reasons (Nota 9)', referenceCodeEntries],
  ['reference-doc-types', 'Referenced document types (Nota 10)', referencedDocumentTypeEntries],
];

/** A two-digit code written with one digit or two (`1`, `01`); anything else undefined. */
const twoDigits = (text: string) => (/^\d{1,2}$/.test(text) ? text.padStart(2, '0') : undefined);

/** What the catalogs section uses: the catalogs database (CABYS, locations, tariffs) and the clock. */
export interface CatalogsDependencies {
  catalogs: Pick<Catalogs, 'cabys' | 'locations' | 'tariffs'>;
  clock: Clock;
}

export const referenceRoutes: RoutePlugin<CatalogsDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['reference'];
  const clock = () => deps.clock.now();
  const locations = deps.catalogs.locations;

  for (const [path, summary, entries] of CODE_TABLES) {
    const data = entries(); // built once: the tables are constants of the engine
    listRoute(app, deps.clock, `/reference/${path}`, summary, CodeEntrySchema, () => data);
  }
  const rates = taxRateEntries();
  listRoute(app, deps.clock, '/reference/tax-rates', 'VAT rate codes (Nota 8.1) with the percentage each charges', TaxRateEntry, () => rates);

  app.get('/reference/economic-activities', {
    config,
    schema: { tags, summary: 'Common economic activity codes; q filters by words of the name or the start of the code', querystring: ActivityQuery, response: { 200: listReply(CodeEntrySchema) } },
  }, async (request) => ok(economicActivities(request.query.q), undefined, clock()));

  /** The unit with a full code, or the error of the level that is missing. */
  const unit = (fullCode: string | undefined, error: string, what: string): LocationRow => {
    const row = fullCode === undefined ? undefined : locations.unit(fullCode);
    if (!row) throw new AppError(error, 404, `No ${what}.`);
    return row;
  };
  const province = (code: string) => unit(/^[1-7]$/.test(code) ? code : undefined, 'province_not_found', `province ${code} (1 to 7)`);
  const canton = (p: string, c: string) => {
    const cc = twoDigits(c);
    return unit(cc && province(p).fullCode + cc, 'canton_not_found', `canton ${c} in province ${p}`);
  };

  listRoute(app, deps.clock, '/reference/provinces', 'The seven provinces', Province, () => locations.provinces().map(provinceView));

  app.get('/reference/cantons/:province', {
    config,
    schema: { tags, summary: 'The cantons of a province', params: ProvinceParams, response: { 200: listReply(LocationUnit) } },
  }, async (request) => ok(locations.children(province(request.params.province).fullCode).map(locationUnitView), undefined, clock()));

  app.get('/reference/districts/:province/:canton', {
    config,
    schema: { tags, summary: 'The districts of a canton', params: CantonParams, response: { 200: listReply(LocationUnit) } },
  }, async (request) => ok(locations.children(canton(request.params.province, request.params.canton).fullCode).map(locationUnitView), undefined, clock()));

  app.get('/reference/neighborhoods/:province/:canton/:district', {
    config,
    schema: { tags, summary: 'The neighbourhoods (barrios) of a district', params: DistrictParams, response: { 200: listReply(LocationUnit) } },
  }, async (request) => {
    const { province: p, canton: c, district: d } = request.params;
    const dd = twoDigits(d);
    const district = unit(dd && canton(p, c).fullCode + dd, 'district_not_found', `district ${d} in canton ${c} of province ${p}`);
    return ok(locations.children(district.fullCode).map(locationUnitView), undefined, clock());
  });

  searchRoute(app, deps.clock, '/reference/address-search', 'Provinces, cantons, districts and neighbourhoods by name (accents and case ignored), best first', AddressSearchResult,
    (q, page) => locations.search(q, page), addressResultView);

  cabysRoutes(app, deps);
  tariffRoutes(app, deps);
};
