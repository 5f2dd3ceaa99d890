/**
 * The CABYS catalog shipped with the app (resources/catalogs/cabys.tsv.gz: code, suggested VAT %,
 * description), loaded once into memory. Document validation only asks whether a code exists; the
 * reference endpoints (search, browse) build on the same data.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { resourcePath } from '../paths.ts';

export interface CabysEntry {
  code: string;
  taxRate: string; // suggested VAT percentage, e.g. "13"
  description: string;
}

export class CabysCatalog {
  private readonly entries = new Map<string, CabysEntry>();

  constructor(entries: Iterable<CabysEntry>) {
    for (const entry of entries) this.entries.set(entry.code, entry);
  }

  has(code: string): boolean {
    return this.entries.has(code);
  }

  get(code: string): CabysEntry | undefined {
    return this.entries.get(code);
  }

  get size(): number {
    return this.entries.size;
  }
}

export const SHIPPED_CABYS = resourcePath('catalogs', 'cabys.tsv.gz');

export function parseCabysTsv(text: string): CabysEntry[] {
  const entries: CabysEntry[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const [code, taxRate, description] = line.split('\t');
    if (code && taxRate !== undefined && description !== undefined) entries.push({ code, taxRate, description });
  }
  return entries;
}

/** The codes of the shipped copy. */
export function readShippedCabys(): CabysEntry[] {
  return parseCabysTsv(gunzipSync(readFileSync(SHIPPED_CABYS)).toString('utf8'));
}

let shipped: CabysCatalog | undefined;

/** The shipped catalog, read on first use. */
export function shippedCabysCatalog(): CabysCatalog {
  shipped ??= new CabysCatalog(readShippedCabys());
  return shipped;
}
