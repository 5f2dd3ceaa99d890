/**
 * The monthly VAT worksheet as GET /reports/vat answers it (docs/vat-worksheet.md), and the documents
 * behind one of its lines (GET /reports/vat/lines/{line}), derived from the server's schemas
 * (renderer/api/schemas.ts, src/api/sections/reports/schemas.ts). Figures are decimal strings in colones:
 * the worksheet's with two places, a document's share with the five it is stored with.
 */
import type { VatLineDocumentView, VatWorksheetView } from '../api/schemas.ts';

export type VatWorksheet = VatWorksheetView;
export type VatSection = VatWorksheetView['sections'][number];
/** `base` and `tax` on sales and purchases, `amount` on credits and the determination; null where none. */
export type VatLine = VatSection['lines'][number];
export type VatWarning = VatWorksheetView['warnings'][number];
export type VatLineDocument = VatLineDocumentView;
