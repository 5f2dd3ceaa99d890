/**
 * The catalog files shipped under resources/catalogs/ (built by scripts/build-catalog-resources.ts and
 * scripts/build-cabys-resource.ts; sources and licences in resources/catalogs/README.md). Each is a UTF-8
 * TSV, gzipped when large.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { resourcePath } from '../paths.ts';

export const CATALOG_RESOURCES = {
  cabys: 'cabys.tsv.gz',
  cabysCategories: 'cabys-categories.tsv',
  cabysSynonyms: 'cabys-synonyms.tsv',
  locations: 'locations.tsv.gz',
  tariffs: 'hs2022.tsv.gz',
  activities: 'economic-activities.tsv.gz',
} as const;

export type CatalogResource = keyof typeof CATALOG_RESOURCES;

function bytes(resource: CatalogResource): Buffer {
  return readFileSync(resourcePath('catalogs', CATALOG_RESOURCES[resource]));
}

/** The rows of a shipped TSV, split on tabs; empty lines skipped. */
export function resourceRows(resource: CatalogResource): string[][] {
  const raw = bytes(resource);
  const text = CATALOG_RESOURCES[resource].endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  return text.split('\n').filter((line) => line !== '').map((line) => line.split('\t'));
}

/** A short digest of shipped files: the catalog database is rebuilt from them when it changes. */
export function resourceFingerprint(...resources: CatalogResource[]): string {
  const hash = createHash('sha256');
  for (const resource of resources) hash.update(bytes(resource));
  return hash.digest('hex').slice(0, 16);
}
