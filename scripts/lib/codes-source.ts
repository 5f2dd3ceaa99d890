/**
 * Core of `npm run codes:generate`: XSD folder in, source text of src/domain/codes.generated.ts out.
 * Reads files but writes nothing, so the unit test can compare its result with the committed file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCodeTables, type DocumentSites } from './build-code-tables.ts';
import { XSD_DOCUMENTS, type XsdDocumentName } from './code-table-defs.ts';
import { renderCodesSource } from './render-codes.ts';
import { readEnumerationSites, type EnumerationSite } from './xsd-enumerations.ts';

/** Sub-folders of the XSD folder: the base v4.4 package and its April-2026 revision. */
export const BASE_SET = 'v4.4';
export const REV2026_SET = 'v4.4-2026-rev';

/** `xsdDir` is the folder that holds `v4.4/` and `v4.4-2026-rev/` (resources/xsd). */
export function generateCodesSource(xsdDir: string): string {
  const base = readSet(join(xsdDir, BASE_SET));
  const rev2026 = readSet(join(xsdDir, REV2026_SET));
  return renderCodesSource(buildCodeTables(base, rev2026));
}

function readSet(dir: string): DocumentSites {
  return new Map<XsdDocumentName, EnumerationSite[]>(
    XSD_DOCUMENTS.map((doc) => [doc, readEnumerationSites(readFileSync(join(dir, `${doc}_V4.4.xsd`), 'utf8'), doc)]),
  );
}
