/** The lines of a document: new ones from a search hit, and the hits from saved products and CABYS codes. */
import type { CabysCode, ProductHit, TaxRateEntry } from '../api/types.ts';
import { defaultUnit, rateCodeOf } from '../shared/units.ts';
import type { LineCandidate, LineDraft } from './types.ts';

export function productCandidates(products: readonly ProductHit[]): LineCandidate[] {
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
