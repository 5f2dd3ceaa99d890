/**
 * GET /hacienda/taxpayers as a function: reads the query (q, or cedula / identificacion), looks an
 * identification up (cache, then the public API, then a stale cache entry) or searches names in the
 * cache, and shapes the TaxpayerSearchResult. Unreachable with nothing cached is 503 service_unavailable.
 */
import { identificationTypeByLength } from '../../../domain/identification.ts';
import type { TaxpayerLookup, TaxpayerSource } from '../../../hacienda/taxpayer-lookup.ts';
import { readTaxpayerQuery } from '../../../hacienda/taxpayer-query.ts';
import { AppError } from '../../../domain/errors.ts';
import { parameterError } from '../../errors.ts';
import type { TaxpayerSearchResultView } from './taxpayer-schemas.ts';
import { arrayFor, taxpayerView } from './taxpayer-views.ts';

export interface TaxpayerSearchParams {
  q?: string;
  cedula?: string;
  identificacion?: string;
  limit?: number;
}

/** `cache` is the X-Cache header of identification look-ups; `message` the envelope's, on stale answers. */
export interface TaxpayerSearchAnswer {
  result: TaxpayerSearchResultView;
  cache?: 'hit' | 'miss' | 'stale';
  message?: string;
}

const CACHE_HEADER: Record<TaxpayerSource, 'hit' | 'miss' | 'stale'> = { cache: 'hit', network: 'miss', stale: 'stale' };

/** The one query parameter given, and its name. */
function givenQuery(params: TaxpayerSearchParams): { field: 'q' | 'cedula' | 'identificacion'; text: string } {
  const given = (['q', 'cedula', 'identificacion'] as const).filter((field) => params[field] !== undefined);
  if (given.length !== 1) {
    const problem = given.length === 0 ? 'Give an identification number or part of a name.' : `Give only one of ${given.join(', ')}.`;
    throw parameterError(given.length === 0 ? 'missing_param' : 'invalid_request', { [given[1] ?? 'q']: [problem] });
  }
  const field = given[0]!;
  return { field, text: params[field]!.trim() };
}

export async function searchTaxpayers(lookup: TaxpayerLookup, params: TaxpayerSearchParams): Promise<TaxpayerSearchAnswer> {
  const { field, text } = givenQuery(params);
  const query = readTaxpayerQuery(text);
  if (query.kind === 'invalid') throw parameterError(text === '' ? 'missing_param' : 'invalid_request', { [field]: [query.problem] });
  if (query.kind === 'name') {
    if (field !== 'q') throw parameterError('invalid_request', { [field]: ['Must be an identification number; search names with q.'] });
    const found = lookup.byName(query.words, params.limit ?? 20).map((t) => taxpayerView(t));
    return { result: found.length > 0 ? { taxpayers: found } : { taxpayers: [], query: text } };
  }
  const { identification } = query;
  const looked = await lookup.byIdentification(identification);
  if (looked.outcome === 'unreachable') {
    throw new AppError('service_unavailable', 503,
      `The tax authority's taxpayer register cannot be reached (${looked.error}) and ${identification} is not in the local cache.`,
      { headers: { 'Retry-After': 30 } });
  }
  if (looked.outcome === 'not_found') {
    return { result: { [arrayFor(identificationTypeByLength(identification))]: [], query: text }, cache: 'miss' };
  }
  const view = taxpayerView(looked.taxpayer, text);
  return {
    result: { [arrayFor(view.class)]: [view] },
    cache: CACHE_HEADER[looked.source],
    ...(looked.source === 'stale'
      ? { message: `Answered from the local cache of ${looked.taxpayer.fetchedAt}: the tax authority cannot be reached (${looked.error}).` }
      : {}),
  };
}
