/**
 * Loads the shipped catalogs into the catalog database when it is new, when its layout changed, or when a
 * shipped file changed (each dataset remembers the fingerprint of the files it was built from). A CABYS
 * imported from the official workbook is kept across updates of the shipped copy: it is the user's newer,
 * fuller catalog.
 */
import { cabysCategories } from './cabys-levels.ts';
import { cabysLevelLabels } from './cabys-level-labels.ts';
import { readShippedCabys } from './cabys-catalog.ts';
import { CATALOG_SCHEMA_VERSION, dropAllTables, readMeta, writeMeta, type CatalogDb } from './db/catalog-db.ts';
import { replaceCabys } from './db/cabys-tables.ts';
import { replaceLocations } from './db/location-tables.ts';
import { replaceTariffs } from './db/tariff-tables.ts';
import { shippedLocations } from './location-data.ts';
import { resourceFingerprint, resourceRows } from './resources.ts';
import { shippedTariffs } from './tariff-data.ts';

export const CABYS_SOURCE_SHIPPED = 'shipped';
export const CABYS_SOURCE_OFFICIAL = 'official-workbook';

interface Dataset {
  name: 'cabys' | 'locations' | 'tariffs';
  label: string;
  fingerprint(): string;
  load(db: CatalogDb, meta: Record<string, string>): void;
}

/**
 * The shipped copy names level 1 only (cabys-categories.tsv); levels 2-8 get a summary of the codes beneath
 * them (cabys-level-labels.ts), which the views show as a label and never as the level's name.
 */
function loadShippedCabys(db: CatalogDb, meta: Record<string, string>): void {
  const codes = readShippedCabys();
  const names = new Map(resourceRows('cabysCategories').map(([code = '', name = '']) => [code, name]));
  const records = codes.map((c) => ({ code: c.code, description: c.description, taxRate: c.taxRate, includesNote: null, excludesNote: null }));
  const categories = cabysCategories(codes.map((c) => c.code), names);
  const labels = cabysLevelLabels(codes, categories);
  for (const category of categories) if (category.level >= 2) category.description = labels.get(category.code) ?? null;
  replaceCabys(db, records, categories, { ...meta, 'cabys.source': CABYS_SOURCE_SHIPPED, 'cabys.codes': String(records.length) });
}

/** Bumped when what loadShippedCabys makes of the same files changes (the level labels): the copy is loaded again. */
const SHIPPED_CABYS_BUILD = 'labels-1';

const DATASETS: Dataset[] = [
  { name: 'cabys', label: 'CABYS', fingerprint: () => `${resourceFingerprint('cabys', 'cabysCategories')}-${SHIPPED_CABYS_BUILD}`, load: loadShippedCabys },
  {
    name: 'locations',
    label: 'locations',
    fingerprint: () => resourceFingerprint('locations'),
    load: (db, meta) => replaceLocations(db, shippedLocations(), meta),
  },
  {
    name: 'tariffs',
    label: 'tariff codes',
    fingerprint: () => resourceFingerprint('tariffs'),
    load: (db, meta) => {
      const { sections, codes } = shippedTariffs();
      replaceTariffs(db, sections, codes, meta);
    },
  },
];

function staleDatasets(meta: Record<string, string>): (Dataset & { version: string })[] {
  const fresh = meta['schema'] === CATALOG_SCHEMA_VERSION;
  return DATASETS.map((d) => ({ ...d, version: d.fingerprint() }))
    .filter((d) => !fresh || (meta[`${d.name}.version`] !== d.version && !(d.name === 'cabys' && meta['cabys.source'] === CABYS_SOURCE_OFFICIAL)));
}

/**
 * Brings the catalog database up to the shipped data; says on `log` what it builds and how long it took.
 * Another process may be building the same file (the server's build child, a CLI): what is stale is decided
 * again once this one holds the write lock, so the second builder finds the work done.
 */
export function ensureShippedCatalogs(db: CatalogDb, log: (message: string) => void, now: () => number = () => performance.now()): void {
  if (staleDatasets(readMeta(db)).length === 0) return;
  db.transaction(() => {
    const meta = readMeta(db);
    if (meta['schema'] !== CATALOG_SCHEMA_VERSION) {
      if (meta['cabys.source'] === CABYS_SOURCE_OFFICIAL) log('catalogs: the catalog database has a new layout; import the official CABYS workbook again (facturador catalogs import cabys FILE.xlsx)');
      dropAllTables(db);
      writeMeta(db, { schema: CATALOG_SCHEMA_VERSION });
    }
    const stale = staleDatasets(readMeta(db));
    if (stale.length === 0) return;
    const started = now();
    log(`catalogs: building ${stale.map((d) => d.label).join(', ')} in the catalog database from the shipped data...`);
    for (const d of stale) d.load(db, { [`${d.name}.version`]: d.version, [`${d.name}.loaded_at`]: new Date().toISOString() });
    log(`catalogs: ready in ${Math.round(now() - started)} ms`);
  }).immediate();
}
