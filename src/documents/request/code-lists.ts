/**
 * Code lists per document type, from the generated XSD tables (base set plus the 2026 revision in force).
 * Lists are computed once per table and type and kept: they sit on the issuing hot path.
 */
import { allowedCodes, DOCUMENT_TYPES, type CodeTable } from '../../domain/codes.ts';
import type { DocumentTypeCode } from '../../domain/document-model.ts';

/** A code list, sorted for messages, with constant-time membership. */
export interface CodeList {
  readonly codes: readonly string[];
  has(code: string): boolean;
}

function codeList(codes: readonly string[]): CodeList {
  const set = new Set(codes);
  const sorted = [...set].sort();
  return { codes: sorted, has: (code) => set.has(code) };
}

const allCache = new WeakMap<CodeTable, CodeList>();
const typeCache = new WeakMap<CodeTable, Map<DocumentTypeCode, CodeList>>();

/** Every code of a table. */
export function allCodes(table: CodeTable): CodeList {
  let list = allCache.get(table);
  if (!list) allCache.set(table, (list = codeList(Object.keys(table.codes))));
  return list;
}

/** Codes of a table valid on a document type (every code of the table when the type does not use it). */
export function codesFor(table: CodeTable, type: DocumentTypeCode | undefined): CodeList {
  if (type === undefined) return allCodes(table);
  let byType = typeCache.get(table);
  if (!byType) typeCache.set(table, (byType = new Map()));
  let list = byType.get(type);
  if (!list) {
    const allowed = allowedCodes(table, DOCUMENT_TYPES[type].root, '2026');
    byType.set(type, (list = allowed ? codeList(allowed) : allCodes(table)));
  }
  return list;
}

/** A fixed list of codes (situations, document types). */
export function fixedCodes(codes: readonly string[]): CodeList {
  return codeList(codes);
}

/** Resolves an API name (`cash`) to its code, leaving codes and unknown values as they are. */
export function byName(value: unknown, names: Readonly<Record<string, string>>): unknown {
  if (typeof value !== 'string') return value;
  return names[value.trim().toLowerCase()] ?? value;
}
