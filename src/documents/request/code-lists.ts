/** Code lists per document type, from the generated XSD tables (base set plus the 2026 revision in force). */
import { allowedCodes, DOCUMENT_TYPES, type CodeTable } from '../../domain/codes.ts';
import type { DocumentTypeCode } from '../../domain/document-model.ts';

/** Codes of a table valid on a document type (every code of the table when the type does not use it). */
export function codesFor(table: CodeTable, type: DocumentTypeCode | undefined): readonly string[] {
  if (type === undefined) return Object.keys(table.codes);
  return allowedCodes(table, DOCUMENT_TYPES[type].root, '2026') ?? Object.keys(table.codes);
}

export function allCodes(table: CodeTable): readonly string[] {
  return Object.keys(table.codes);
}

/** Resolves an API name (`cash`) to its code, leaving codes and unknown values as they are. */
export function byName(value: unknown, names: Readonly<Record<string, string>>): unknown {
  if (typeof value !== 'string') return value;
  return names[value.trim().toLowerCase()] ?? value;
}
