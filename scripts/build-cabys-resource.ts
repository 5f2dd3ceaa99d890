/**
 * Builds resources/catalogs/cabys.tsv.gz (code, suggested VAT %, description) from the public CABYS copy in
 * shared/catalogs (FabricioCes/cabys-api-go, BCCR catalog as of mid-2025; see shared/catalogs/SOURCES.md).
 * Usage: npx tsx scripts/build-cabys-resource.ts [path/to/cabys.json]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { Decimal } from 'decimal.js';

const source = process.argv[2] ?? '../shared/catalogs/cabys/FabricioCes__cabys-api-go/data/cabys.json';
const rows = JSON.parse(readFileSync(source, 'utf8')) as { id: string; description: string; tax_percent: number }[];
const lines = rows
  .filter((r) => /^\d{13}$/.test(r.id))
  .sort((a, b) => a.id.localeCompare(b.id))
  .map((r) => `${r.id}\t${new Decimal(String(r.tax_percent)).mul(100).toString()}\t${r.description.replace(/\s+/g, ' ').trim()}`);
const out = new URL('../resources/catalogs/cabys.tsv.gz', import.meta.url);
writeFileSync(out, gzipSync(`${lines.join('\n')}\n`, { level: 9 }));
console.log(`cabys: ${lines.length} codes written to ${out.pathname}`);
