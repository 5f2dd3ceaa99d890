/**
 * The CABYS catalog shipped with the app (resources/catalogs/cabys.tsv.gz: code, suggested VAT %,
 * description), loaded once into memory. Document validation only asks whether a code exists; the
 * reference endpoints (search, browse) build on the same data.
 */
import { resourceRows } from './resources.ts';

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

/** The codes of the shipped copy. */
export function readShippedCabys(): CabysEntry[] {
  return resourceRows('cabys').flatMap(([code, taxRate, description]) => (code && taxRate !== undefined && description !== undefined ? [{ code, taxRate, description }] : []));
}

let shipped: CabysCatalog | undefined;

/** The shipped catalog, read on first use. */
export function shippedCabysCatalog(): CabysCatalog {
  shipped ??= new CabysCatalog(readShippedCabys());
  return shipped;
}
