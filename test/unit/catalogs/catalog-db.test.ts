/** The catalog database: built once from the shipped files, kept while they do not change, rebuilt when damaged. */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { Catalogs } from '../../../src/catalogs/catalogs.ts';
import { writeMeta } from '../../../src/catalogs/db/catalog-db.ts';

const dir = mkdtempSync(join(tmpdir(), 'facturador-catalog-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function open(target: string) {
  const lines: string[] = [];
  return { catalogs: new Catalogs({ dataDir: target, log: (m) => lines.push(m) }), lines };
}

describe('catalog database', () => {
  it('builds every dataset on first use, then only opens; a changed shipped file rebuilds its dataset alone', () => {
    const first = open(dir);
    expect(first.catalogs.status()).toMatchObject({ schema: '1', 'cabys.source': 'shipped', 'cabys.codes': '20501' });
    expect(first.lines).toEqual([expect.stringMatching(/building CABYS, locations, tariff codes/), expect.stringMatching(/^catalogs: ready in \d+ ms$/)]);
    writeMeta(first.catalogs.db(), { 'tariffs.version': 'older' });
    first.catalogs.close();

    const second = open(dir);
    second.catalogs.warm();
    expect(second.lines[0]).toMatch(/building tariff codes in/);
    second.catalogs.close();
    const third = open(dir);
    third.catalogs.warm();
    expect(third.lines).toEqual([]);
    third.catalogs.close();
  });

  it('uses the shipped CABYS for validation without building a database that does not exist', () => {
    const target = join(dir, 'none');
    const { catalogs } = open(target);
    expect(catalogs.cabysForValidation().has('0111100000100')).toBe(true);
    expect(existsSync(join(target, 'catalogs.db'))).toBe(false);
    expect(() => catalogs.status()).not.toThrow(); // builds it now
    catalogs.close();
  });

  it('is built once when several processes open a new file at the same moment (a server\'s build child, a CLI)', async () => {
    const target = join(dir, 'together');
    const bin = new URL('../../../bin/facturador.js', import.meta.url).pathname;
    const runs = await Promise.all(Array.from({ length: 3 }, () => promisify(execFile)(process.execPath, [bin, 'catalogs', 'status', '--data-dir', target])));
    const building = runs.map((r) => r.stderr).join('').match(/building CABYS, locations, tariff codes/g) ?? [];
    expect(building).toHaveLength(1);
    for (const run of runs) expect(run.stdout).toMatch(/CABYS: 20501 codes from the shipped copy/);
  }, 60_000);

  it('rebuilds a damaged file', () => {
    const target = join(dir, 'damaged');
    const { catalogs: built } = open(target);
    built.warm();
    built.close();
    writeFileSync(join(target, 'catalogs.db'), 'this is not a database, but it is long enough to have a header..........');
    const { catalogs, lines } = open(target);
    expect(catalogs.locations.provinces()).toHaveLength(7);
    expect(lines[0]).toMatch(/is damaged \(SQLITE_NOTADB\)/);
    catalogs.close();
  });

  it('rebuilds a damaged file when document validation is the first to open it, instead of failing every document', () => {
    const target = join(dir, 'damaged-validation');
    const { catalogs: built } = open(target);
    built.warm();
    built.close();
    writeFileSync(join(target, 'catalogs.db'), 'this is not a database, but it is long enough to have a header..........');
    const { catalogs, lines } = open(target);
    expect(catalogs.cabysForValidation().has('2211001010000')).toBe(true);
    expect(lines[0]).toMatch(/is damaged \(SQLITE_NOTADB\)/);
    expect(catalogs.locations.provinces()).toHaveLength(7);
    catalogs.close();
  });
});
