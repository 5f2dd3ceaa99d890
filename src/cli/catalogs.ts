/**
 * `facturador catalogs import cabys FILE.xlsx [--data-dir DIR]`: loads the official CABYS workbook of the
 * Banco Central in place of the shipped copy, with a progress bar on stderr; readers (a server running on
 * the same data directory) switch to it at once, atomically.
 * `facturador catalogs status [--data-dir DIR]`: where each catalog comes from.
 * Only the catalog database is opened: the organization's database is never touched.
 */
import { loadConfig } from '../config.ts';
import { CatalogImportError, readOfficialCabys } from '../catalogs/cabys-import.ts';
import { Catalogs } from '../catalogs/catalogs.ts';
import type { Output } from './output.ts';
import { progressBar, type ProgressStream } from './progress.ts';

function withCatalogs<T>(dataDir: string | undefined, out: Output, fn: (catalogs: Catalogs) => Promise<T>): Promise<T> {
  const catalogs = new Catalogs({ dataDir: loadConfig({ dataDir }).dataDir, log: (m) => out.error(m) });
  return fn(catalogs).finally(() => catalogs.close());
}

export async function importCabysCommand(file: string, dataDir: string | undefined, out: Output, progress: ProgressStream = process.stderr): Promise<number> {
  return withCatalogs(dataDir, out, async (catalogs) => {
    const reading = progressBar(progress, 'reading');
    let workbook;
    try {
      workbook = await readOfficialCabys(file, (fraction) => reading.update(Math.round(fraction * 100), 100));
    } catch (err) {
      if (!(err instanceof CatalogImportError)) throw err;
      out.error(`facturador: ${err.message.replace(/\.$/, '')}; nothing was changed.`);
      return 1;
    }
    reading.finish();
    catalogs.warm(); // the shipped catalogs first, if this data directory has none yet
    const loading = progressBar(progress, 'loading');
    catalogs.replaceCabys(workbook, new Date(), (done) => loading.update(done, workbook.codes.length));
    loading.update(workbook.codes.length, workbook.codes.length);
    loading.finish();
    const named = [...workbook.categoryNames.keys()].length;
    out.write(`CABYS: ${workbook.codes.length} codes and ${named} named categories loaded from ${file}`
      + ` (${workbook.skipped} rows without a code skipped, ${workbook.duplicates} repeated codes ignored); the shipped copy is no longer used.`);
    return 0;
  });
}

export async function catalogStatusCommand(dataDir: string | undefined, out: Output): Promise<number> {
  return withCatalogs(dataDir, out, async (catalogs) => {
    const meta = catalogs.status();
    out.write(`catalog database: ${catalogs.file}`);
    const cabysSource = meta['cabys.source'] === 'shipped' ? 'shipped copy' : `official workbook ${meta['cabys.imported_from'] ?? ''}`;
    out.write(`CABYS: ${meta['cabys.codes'] ?? '?'} codes from the ${cabysSource} (version ${meta['cabys.version'] ?? '?'}, loaded ${meta['cabys.loaded_at'] ?? '?'})`);
    out.write(`locations: version ${meta['locations.version'] ?? '?'}, loaded ${meta['locations.loaded_at'] ?? '?'}`);
    out.write(`tariff codes (HS 2022): version ${meta['tariffs.version'] ?? '?'}, loaded ${meta['tariffs.loaded_at'] ?? '?'}`);
    return 0;
  });
}
