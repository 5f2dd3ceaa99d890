/**
 * Taxpayer look-up with an offline cache. An identification is answered from the cache while the entry
 * is younger than the TTL (the register changes rarely; a counter asks for the same customers all day),
 * otherwise from the public API, whose answer refreshes the cache. When the API cannot be reached, any
 * cached entry answers however old it is ("stale"), so an offline counter still fills in its customers.
 * Names are searched in the cache only: the public API has no name search.
 */
import type { Clock } from '../domain/clock.ts';
import type { Db } from '../store/database.ts';
import {
  findCachedTaxpayer, forgetCachedTaxpayer, saveCachedTaxpayer, searchCachedTaxpayers, type TaxpayerCacheRow,
} from '../store/taxpayers.ts';
import { readTaxpayerAnswer, type PublicTaxpayerAnswer, type TaxpayerClient } from './taxpayer-client.ts';
import { searchableName } from './taxpayer-names.ts';

export const TAXPAYER_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

export interface KnownTaxpayer {
  identification: string;
  answer: PublicTaxpayerAnswer;
  fetchedAt: string;
}

/** `cache`: a fresh cache entry; `network`: asked just now; `stale`: an old entry, the API being unreachable. */
export type TaxpayerSource = 'cache' | 'network' | 'stale';

export type TaxpayerLookupResult =
  | { outcome: 'found'; taxpayer: KnownTaxpayer; source: TaxpayerSource; error?: string }
  | { outcome: 'not_found' }
  | { outcome: 'unreachable'; error: string };

export interface TaxpayerLookupOptions {
  client: TaxpayerClient;
  db: Db;
  clock: Clock;
  ttlMs?: number;
}

/** A cache row as a taxpayer; undefined if its payload cannot be read (then it is as good as absent). */
function known(row: TaxpayerCacheRow | undefined): KnownTaxpayer | undefined {
  const answer = row && readTaxpayerAnswer(row.payload);
  return row && answer ? { identification: row.identification, answer, fetchedAt: row.fetchedAt } : undefined;
}

export class TaxpayerLookup {
  private readonly ttlMs: number;

  constructor(private readonly options: TaxpayerLookupOptions) {
    this.ttlMs = options.ttlMs ?? TAXPAYER_CACHE_TTL_MS;
  }

  async byIdentification(identification: string): Promise<TaxpayerLookupResult> {
    const { db, clock, client } = this.options;
    const cached = known(findCachedTaxpayer(db, identification));
    if (cached && this.isFresh(cached)) return { outcome: 'found', taxpayer: cached, source: 'cache' };
    const fetched = await client.fetch(identification);
    if (fetched.outcome === 'found') {
      const fetchedAt = clock.now().toISOString();
      saveCachedTaxpayer(db, {
        identification,
        name: searchableName(fetched.answer.nombre),
        identificationType: fetched.answer.tipoIdentificacion,
        payload: fetched.payload,
        fetchedAt,
      });
      return { outcome: 'found', taxpayer: { identification, answer: fetched.answer, fetchedAt }, source: 'network' };
    }
    if (fetched.outcome === 'not_found') {
      // The register is the authority: a taxpayer it no longer knows leaves the cache and its name search.
      if (cached) forgetCachedTaxpayer(db, identification);
      return fetched;
    }
    return cached ? { outcome: 'found', taxpayer: cached, source: 'stale', error: fetched.error } : fetched;
  }

  /** Taxpayers looked up before whose name holds every word (searchable form), by name. */
  byName(words: readonly string[], limit: number): KnownTaxpayer[] {
    return searchCachedTaxpayers(this.options.db, words, limit).map(known).filter((t) => t !== undefined);
  }

  private isFresh(taxpayer: KnownTaxpayer): boolean {
    const age = this.options.clock.now().getTime() - Date.parse(taxpayer.fetchedAt);
    return age >= 0 && age < this.ttlMs;
  }
}
