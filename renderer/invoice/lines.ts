/** The lines of a document: new ones from a search hit, and the hits from saved products and CABYS codes. */
import type { CabysCode, Product, TaxRateEntry } from '../api/types.ts';
import type { LineCandidate, LineDraft } from './types.ts';

/** CABYS codes starting 5-9 are services (docs/catalogs.md): `Sp`, else `Unid`. */
export const defaultUnit = (cabysCode: string) => (/^[5-9]/.test(cabysCode) ? 'Sp' : 'Unid');

/** Units offered in the line's list (Nota 15); any other code of the table may be typed. */
export const COMMON_UNITS = ['Unid', 'Sp', 'Kg', 'G', 'L', 'mL', 'M', 'm²', 'h', 'D', 'Os', 'Spe', 'St', 'Al', 'Alc', 'Cm', 'I', 'Otros'] as const;

/** The rate code (Nota 8.1) of a VAT percentage: the ordinary codes (01 for 0 %, 08 for 13 %) before special regimes. */
export function rateCodeOf(rates: readonly TaxRateEntry[], percentage: number | null): string {
  const wanted = percentage ?? 13;
  const ordinary = (code: string) => code === '01' || code === '08';
  const matching = rates.filter((r) => r.rate === wanted).sort((a, b) => Number(ordinary(b.code)) - Number(ordinary(a.code)));
  return matching[0]?.code ?? '08';
}

export function productCandidates(products: readonly Product[]): LineCandidate[] {
  return products.filter((p) => p.is_active).map((p) => ({
    kind: 'product', cabysCode: p.cabys_code, description: p.description, price: String(p.price), currency: p.currency, unit: p.unit ?? defaultUnit(p.cabys_code),
    rateCode: p.tax_rate_code, rate: null, ...(p.code ? { productCode: p.code } : {}),
  }));
}

export function cabysCandidates(codes: readonly CabysCode[]): LineCandidate[] {
  return codes.map((c) => ({ kind: 'cabys', cabysCode: c.code, description: c.description_9, price: '', unit: defaultUnit(c.code), rateCode: null, rate: c.tax_rate }));
}

let nextKey = 1;

export function blankLine(): LineDraft {
  return { key: nextKey++, cabysCode: '', description: '', quantity: '1', unit: 'Unid', price: '', discount: '', rateCode: '08', tariffCode: '' };
}

/** A line of a document in `currency`: a product priced in another currency asks its price (as a CABYS code does). */
export function lineFrom(candidate: LineCandidate, rates: readonly TaxRateEntry[], currency: string): LineDraft {
  return {
    ...blankLine(),
    cabysCode: candidate.cabysCode,
    description: candidate.description,
    price: candidate.currency === undefined || candidate.currency === currency ? candidate.price : '',
    unit: candidate.unit,
    rateCode: candidate.rateCode ?? rateCodeOf(rates, candidate.rate),
    ...(candidate.productCode ? { productCode: candidate.productCode } : {}),
  };
}

/** A copy of lines from elsewhere (a prefilled note) with fresh keys. */
export function withKeys(lines: readonly Omit<LineDraft, 'key'>[]): LineDraft[] {
  return lines.map((l) => ({ ...l, key: nextKey++ }));
}
