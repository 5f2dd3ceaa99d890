/**
 * Costa Rica's political-administrative division with Hacienda's codes (Codificacionubicacion_V4.4.xlsx,
 * shipped as resources/catalogs/locations.tsv.gz): 7 provinces, 84 cantons, 492 districts, 7,087
 * neighbourhoods. A unit's full code is its parents' codes and its own: province `1`, canton `101`,
 * district `10101`, neighbourhood `1010102`.
 */
import { resourceRows } from './resources.ts';

export const LOCATION_LEVELS = ['province', 'canton', 'district', 'neighborhood'] as const;
export type LocationLevel = (typeof LOCATION_LEVELS)[number];

/** Digits of a full code per level. */
const FULL_CODE_DIGITS = [1, 3, 5, 7] as const;

export interface LocationRecord {
  level: LocationLevel;
  /** Province, canton, district, neighbourhood codes joined: `10101`. */
  fullCode: string;
  /** The unit's own code: `1` for a province, two digits below (`01`). */
  code: string;
  parentCode: string | null;
  name: string;
  /** Names of the parents, nearest first: `San José, San José` for the district Carmen. */
  context: string;
}

export function locationLevelOf(fullCode: string): LocationLevel | undefined {
  const index = FULL_CODE_DIGITS.indexOf(fullCode.length as (typeof FULL_CODE_DIGITS)[number]);
  return /^\d+$/.test(fullCode) ? LOCATION_LEVELS[index] : undefined;
}

/** The province, canton, district and neighbourhood codes in a full code (as many as its level has). */
export function locationParts(fullCode: string): { province: string; canton?: string; district?: string; neighborhood?: string } {
  const part = (from: number) => (fullCode.length > from ? fullCode.slice(from, from + 2) : undefined);
  return { province: fullCode.slice(0, 1), canton: part(1), district: part(3), neighborhood: part(5) };
}

export function shippedLocations(): LocationRecord[] {
  const names = new Map<string, string>();
  const records: LocationRecord[] = [];
  for (const [fullCode = '', name = ''] of resourceRows('locations')) {
    const level = locationLevelOf(fullCode);
    if (!level) continue;
    names.set(fullCode, name);
    const parents = FULL_CODE_DIGITS.filter((d) => d < fullCode.length).map((d) => fullCode.slice(0, d)).reverse();
    records.push({
      level,
      fullCode,
      code: level === 'province' ? fullCode : fullCode.slice(-2),
      parentCode: parents[0] ?? null,
      name,
      context: parents.map((p) => names.get(p) ?? '').join(', '),
    });
  }
  return records;
}
