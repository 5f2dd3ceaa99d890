/**
 * Hacienda's province / canton / district codes (Nota 14, Codificacionubicacion_V4.4) as the document rules
 * consult them: whether a combination exists. Built once from the shipped locations (492 districts).
 */
import { shippedLocations } from './location-data.ts';

export interface DistrictCodes {
  hasDistrict(province: string, canton: string, district: string): boolean;
}

let shipped: DistrictCodes | undefined;

export function shippedDistrictCodes(): DistrictCodes {
  if (!shipped) {
    const districts = new Set(shippedLocations().filter((l) => l.level === 'district').map((l) => l.fullCode));
    shipped = { hasDistrict: (province, canton, district) => districts.has(`${province}${canton}${district}`) };
  }
  return shipped;
}
