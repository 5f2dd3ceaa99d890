/**
 * A line's unit of measure and VAT rate code as the invoice screen, the counter and a product's form choose
 * them by default; the document request carries whatever the shopkeeper finally picks.
 */
import type { TaxRateEntry } from '../api/types.ts';

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
