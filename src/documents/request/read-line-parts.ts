/** What items and combo components share: lists of entries at their paths, commercial codes, CABYS, units. */
import { isServiceCabys, unitCabysMismatch } from '../../domain/codes.ts';
import { NOTES } from '../rules/notes.ts';
import type { CommercialCode, DocumentTypeCode } from '../../domain/document-model.ts';
import { FORMATS } from '../rules/formats.ts';
import { FieldReader, pick, type Json } from './field-reader.ts';
import { allCodes } from './code-lists.ts';

/** Looks CABYS codes up in the shipped catalog. */
export interface CabysCatalog {
  has(code: string): boolean;
}

export interface ItemContext {
  type: DocumentTypeCode | undefined;
  cabys: CabysCatalog;
}

/**
 * A member that may hold one object or a list of them (`tax`, `discount`, `reference`...): each entry is
 * read at its own path (`items.0.tax.1`, or `items.0.tax` for a single object) and keeps it.
 */
export function readList<T>(r: FieldReader, value: unknown, path: string, max: number, read: (raw: Json, path: string) => T | undefined): T[] {
  const list = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  if (list.length > max) r.problems.add(path, 'max_items', { max });
  const out: T[] = [];
  list.slice(0, max).forEach((entry, i) => {
    const entryPath = Array.isArray(value) ? `${path}.${i}` : path;
    const raw = r.object(entry, entryPath, true);
    const item = raw ? read(raw, entryPath) : undefined;
    if (item !== undefined) out.push(item);
  });
  return out;
}

export function readCommercialCode(r: FieldReader, raw: Json, path: string): CommercialCode | undefined {
  const type = r.code(pick(raw, 'type') ?? '01', `${path}.type`, { width: 2, allowed: allCodes(NOTES.commercialCodeType.codes) });
  const code = r.text(pick(raw, 'code'), `${path}.code`, FORMATS.commercialCode.text);
  return type && code ? { type, code } : undefined;
}

/** CABYS: 13 digits, present in the catalog; the unit decides goods or service and must agree with it. */
export function checkCabys(r: FieldReader, path: string, cabys: string | undefined, unit: string | undefined, catalog: CabysCatalog): boolean | undefined {
  if (cabys === undefined) return undefined;
  if (!catalog.has(cabys)) {
    r.problems.add(`${path}.cabys_code`, 'cabys_unknown', { value: cabys });
    return undefined;
  }
  const mismatch = unitCabysMismatch(unit, cabys);
  if (mismatch) r.problems.add(`${path}.unit`, mismatch === 'needs_service' ? 'unit_needs_service_cabys' : 'unit_needs_goods_cabys', { unit: unit! });
  return isServiceCabys(cabys);
}

/** UnidadMedida (Nota 15), case-sensitive. */
export function readUnit(r: FieldReader, value: unknown, path: string): string | undefined {
  const text = r.text(value, path, { required: true });
  if (text !== undefined && !allCodes(NOTES.unit.codes).has(text)) r.problems.add(path, 'unknown_code', { value: text });
  return text !== undefined && allCodes(NOTES.unit.codes).has(text) ? text : undefined;
}
