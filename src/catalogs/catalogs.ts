/**
 * The reference catalogs of one data directory: CABYS, locations and tariff codes in `catalogs.db`
 * (db/catalog-db.ts says why a file of their own), plus the in-memory CABYS that document validation asks.
 * The database is opened, and built from the shipped files if needed, on first use: a server starts
 * without waiting for it (`serve` warms it up once listening) and the CLI never needs the core.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { CabysCatalog, shippedCabysCatalog } from './cabys-catalog.ts';
import { cabysCategories, type CabysCategoryRecord } from './cabys-levels.ts';
import { CabysReference } from './cabys-reference.ts';
import { CATALOG_DB_FILE, openCatalogDb, readMeta, type CatalogDb } from './db/catalog-db.ts';
import { allCabysCodes, replaceCabys, type CabysCodeRecord } from './db/cabys-tables.ts';
import { LocationReference } from './location-reference.ts';
import { CABYS_SOURCE_OFFICIAL, ensureShippedCatalogs } from './shipped-datasets.ts';
import { TariffReference } from './tariff-reference.ts';

export interface CatalogsOptions {
  dataDir: string;
  /** Progress lines (building the database). */
  log?: (message: string) => void;
  /** How long to wait for another process's build (openCatalogDb); default 30 s. */
  busyTimeoutMs?: number;
}

/** A CABYS to load in place of the current one (an official workbook read by cabys-import.ts). */
export interface CabysReplacement {
  codes: readonly CabysCodeRecord[];
  /** Category names by code, levels 1 to 8. */
  categoryNames: ReadonlyMap<string, string>;
  /** What to remember about it: `imported_from`, `version` (the file's digest). */
  source: { importedFrom: string; version: string };
}

/** The errors of a file that is no (longer a) database: it is rebuilt, it holds nothing that cannot be loaded again. */
function isDamaged(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT';
}

export class Catalogs {
  readonly file: string;
  readonly cabys = new CabysReference(() => this.db());
  readonly locations = new LocationReference(() => this.db());
  readonly tariffs = new TariffReference(() => this.db());
  private handle: CatalogDb | undefined;
  /** The handle once brought up to the shipped data. */
  private ensured: CatalogDb | undefined;
  private validation: { key: string; catalog: CabysCatalog; checkedAt: number } | undefined;
  /** Bumped by this process's own imports: `data_version` only moves for other connections' commits. */
  private generation = 0;

  constructor(private readonly options: CatalogsOptions) {
    this.file = join(options.dataDir, CATALOG_DB_FILE);
  }

  /**
   * The database, opened and brought up to the shipped data on first use. A damaged file is rebuilt: it
   * holds nothing that cannot be loaded again.
   */
  db(): CatalogDb {
    if (this.ensured) return this.ensured;
    try {
      ensureShippedCatalogs(this.opened(), this.options.log ?? (() => undefined));
    } catch (err) {
      if (!isDamaged(err)) throw err;
      const code = (err as { code?: string }).code;
      this.close();
      this.options.log?.(`catalogs: ${this.file} is damaged (${code}); building it again (an imported official CABYS must be imported again)`);
      for (const suffix of ['', '-wal', '-shm']) rmSync(this.file + suffix, { force: true });
      ensureShippedCatalogs(this.opened(), this.options.log ?? (() => undefined));
    }
    this.ensured = this.handle;
    return this.ensured!;
  }

  /** The open file, built or not (validation reads it without building it: the server's child does that). */
  private opened(): CatalogDb {
    if (!this.handle) {
      mkdirSync(this.options.dataDir, { recursive: true });
      this.handle = openCatalogDb(this.file, this.options.busyTimeoutMs);
    }
    return this.handle;
  }

  /** Builds the database now if it needs building (`serve` calls it once listening). */
  warm(): void {
    this.db();
  }

  /** What each dataset was loaded from and when (`meta` of the database). */
  status(): Record<string, string> {
    return readMeta(this.db());
  }

  /**
   * The CABYS that document validation uses: the shipped copy, or the official workbook once imported
   * (also by a CLI beside a running server: its commit moves `data_version`). Without a catalog database
   * yet, the shipped copy, without building one.
   */
  cabysForValidation(): CabysCatalog {
    // Every issued document asks: look at the file at most once a second (an import by the CLI reaches
    // validation within a second; asking the file system or SQLite per request cost 2 % of issuing).
    const now = Date.now();
    if (this.validation && now - this.validation.checkedAt < 1_000) return this.validation.catalog;
    if (!this.handle && !existsSync(this.file)) {
      this.validation = { key: 'no catalog database', catalog: shippedCabysCatalog(), checkedAt: now };
      return this.validation.catalog;
    }
    try {
      return this.validationCatalog(this.opened(), now);
    } catch (err) {
      // Another process is building the file: issuing never waits for reference data; the catalog in use
      // (or the shipped one) serves until the build commits.
      if ((err as { code?: string }).code === 'SQLITE_BUSY') return this.validation?.catalog ?? shippedCabysCatalog();
      // A damaged file would fail every document until something rebuilt it: db() does, now (on a fresh
      // handle, the one open on the damaged file being of no more use).
      if (!isDamaged(err)) throw err;
      this.close();
      return this.validationCatalog(this.db(), now);
    }
  }

  private validationCatalog(db: CatalogDb, now: number): CabysCatalog {
    const key = `${String(db.pragma('data_version', { simple: true }))}:${this.generation}`;
    if (this.validation) this.validation.checkedAt = now;
    if (this.validation?.key !== key) {
      const official = readMeta(db)['cabys.source'] === CABYS_SOURCE_OFFICIAL;
      const catalog = official ? new CabysCatalog(allCabysCodes(db).map((c) => ({ ...c, taxRate: c.taxRate ?? '' }))) : shippedCabysCatalog();
      this.validation = { key, catalog, checkedAt: now };
    }
    return this.validation.catalog;
  }

  /** Replaces CABYS whole and atomically (readers see the old catalog or the new one). */
  replaceCabys(replacement: CabysReplacement, now: Date, onProgress?: (done: number) => void): void {
    const { codes, categoryNames, source } = replacement;
    const categories: CabysCategoryRecord[] = cabysCategories(codes.map((c) => c.code), categoryNames);
    replaceCabys(this.db(), codes, categories, {
      'cabys.source': CABYS_SOURCE_OFFICIAL,
      'cabys.version': source.version,
      'cabys.imported_from': basename(source.importedFrom),
      'cabys.loaded_at': now.toISOString(),
      'cabys.codes': String(codes.length),
    }, onProgress);
    this.generation++;
    this.validation = undefined; // this process imported it: validation uses it from the next document on
  }

  close(): void {
    this.handle?.close();
    this.handle = this.ensured = undefined;
  }
}
