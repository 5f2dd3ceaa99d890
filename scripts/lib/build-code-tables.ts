/**
 * Merges the enumeration sites of both XSD sets (base v4.4 and the 2026 revision) into code tables:
 * every code with its Spanish description, the codes each document root allows in the base set, and the
 * codes only the 2026 revision adds.
 */
import { CODE_TABLE_DEFS, XSD_DOCUMENTS, tableFor, type CodeTableDef, type XsdDocumentName } from './code-table-defs.ts';
import type { EnumerationSite } from './xsd-enumerations.ts';

/** Enumeration sites of one XSD set, per document root. */
export type DocumentSites = ReadonlyMap<XsdDocumentName, readonly EnumerationSite[]>;

type PerDocument = readonly (readonly [XsdDocumentName, readonly string[]])[];

export interface BuiltCodeTable {
  readonly def: CodeTableDef;
  /** [code, Spanish description], sorted (see sortCodes). */
  readonly codes: readonly (readonly [string, string])[];
  readonly byDocument: PerDocument;
  readonly rev2026ByDocument: PerDocument;
}

interface Occurrence {
  readonly revision: 'base' | 'rev2026';
  readonly document: XsdDocumentName;
  readonly site: EnumerationSite;
}

export function buildCodeTables(base: DocumentSites, rev2026: DocumentSites): BuiltCodeTable[] {
  const occurrences = new Map<string, Occurrence[]>(CODE_TABLE_DEFS.map((def) => [def.name, []]));
  // Base before revision and documents in a fixed order: the first description found wins, so the
  // output does not depend on anything but the XSD contents.
  for (const [revision, sets] of [['base', base], ['rev2026', rev2026]] as const) {
    for (const document of XSD_DOCUMENTS) {
      for (const site of sets.get(document) ?? []) {
        occurrences.get(tableFor(site, document).name)!.push({ revision, document, site });
      }
    }
  }
  return CODE_TABLE_DEFS.map((def) => buildTable(def, occurrences.get(def.name)!));
}

function buildTable(def: CodeTableDef, occurrences: readonly Occurrence[]): BuiltCodeTable {
  if (occurrences.length === 0) throw new Error(`code table ${def.name} matches no enumeration in the XSDs`);
  const baseCodes = codesPerDocument(occurrences.filter((o) => o.revision === 'base'));
  const revCodes = codesPerDocument(occurrences.filter((o) => o.revision === 'rev2026'));
  assertNothingRemoved(def.name, baseCodes, revCodes);
  const all = sortCodes(unique(occurrences.flatMap((o) => o.site.values.map((v) => v.value))));
  return {
    def,
    codes: all.map((code) => [code, describe(code, occurrences)] as const),
    byDocument: XSD_DOCUMENTS.filter((doc) => baseCodes.has(doc)).map((doc) => [doc, baseCodes.get(doc)!] as const),
    rev2026ByDocument: XSD_DOCUMENTS.flatMap((doc) => {
      const added = (revCodes.get(doc) ?? []).filter((code) => !baseCodes.get(doc)?.includes(code));
      return added.length > 0 ? [[doc, added] as const] : [];
    }),
  };
}

/** Union of the codes of every site of the table in each document (one table can have several sites). */
function codesPerDocument(occurrences: readonly Occurrence[]): Map<XsdDocumentName, string[]> {
  const perDoc = new Map<XsdDocumentName, string[]>();
  for (const { document, site } of occurrences) {
    perDoc.set(document, [...(perDoc.get(document) ?? []), ...site.values.map((v) => v.value)]);
  }
  for (const [doc, codes] of perDoc) perDoc.set(doc, sortCodes(unique(codes)));
  return perDoc;
}

/** The generated shape can only express additions in the 2026 revision; a removal must not go unnoticed. */
function assertNothingRemoved(
  table: string,
  base: ReadonlyMap<XsdDocumentName, readonly string[]>,
  rev: ReadonlyMap<XsdDocumentName, readonly string[]>,
): void {
  for (const [doc, codes] of base) {
    const removed = codes.filter((code) => !rev.get(doc)?.includes(code));
    if (removed.length > 0) throw new Error(`${table}: the 2026 revision of ${doc} drops ${removed.join(', ')}`);
  }
}

function unique(codes: readonly string[]): string[] {
  return [...new Set(codes)];
}

/** Numeric codes ('01', '99', '1') sort by value; other tables (units, currencies) keep XSD order. */
export function sortCodes(codes: readonly string[]): string[] {
  if (!codes.every((code) => /^\d+$/.test(code))) return [...codes];
  return [...codes].sort((a, b) => Number(a) - Number(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** First non-empty xs:documentation of the code; else the code's entry in its owner's documentation. */
function describe(code: string, occurrences: readonly Occurrence[]): string {
  for (const { site } of occurrences) {
    const own = site.values.find((v) => v.value === code)?.documentation;
    if (own) return own;
  }
  for (const { site } of occurrences) {
    if (!site.values.some((v) => v.value === code)) continue;
    const listed = describeFromList(site.ownerDocumentation, code, site.values.map((v) => v.value));
    if (listed) return listed;
  }
  return '';
}

/**
 * Finds `code` in a prose list such as "Condición del IVA. 01 General Credito IVA, 02 General Crédito
 * parcial del IVA, 03 Bienes de Capital" and returns the text up to the next code of the same list.
 */
export function describeFromList(text: string, code: string, listCodes: readonly string[]): string {
  const starts = listCodes
    .flatMap((c) => [...text.matchAll(codeLabelPattern(c))].map((m) => ({ code: c, start: m.index, end: m.index + m[0].length })))
    .sort((a, b) => a.start - b.start);
  const hit = starts.find((s) => s.code === code);
  if (!hit) return '';
  const next = starts.find((s) => s.start >= hit.end);
  return text
    .slice(hit.end, next?.start ?? text.length)
    .replace(/[\s,;.]+$/u, '')
    .trim();
}

/** The code as a standalone token followed by an optional dash or colon and a letter (its label). */
function codeLabelPattern(code: string): RegExp {
  const escaped = code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}\\s*[-–:]?\\s*(?=\\p{L})`, 'gu');
}
