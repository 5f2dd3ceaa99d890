/** The worksheet in one language, as the API's view, the CSV and the PDF show it: each line with its label. */
import { inLanguage } from '../i18n/fill.ts';
import { SECTION_LABELS, VAT_NOTICE, WARNING_TEXTS, lineLabel } from './vat-line-labels.ts';
import type { SectionId, Worksheet, WorksheetTotals, WorksheetWarning } from './vat-worksheet-model.ts';

export interface LabelledLine {
  id: string;
  label: string;
  base: string | null;
  tax: string | null;
  amount: string | null;
  documents: number;
}

export interface LabelledWorksheet {
  month: string;
  currency: 'CRC';
  notice: string;
  sections: { id: SectionId; label: string; lines: LabelledLine[] }[];
  totals: WorksheetTotals;
  warnings: (WorksheetWarning & { message: string })[];
}

export function labelWorksheet(ws: Worksheet, language: 'es' | 'en'): LabelledWorksheet {
  return {
    month: ws.month,
    currency: ws.currency,
    notice: inLanguage(VAT_NOTICE, language),
    sections: ws.sections.map((s) => ({
      id: s.id,
      label: inLanguage(SECTION_LABELS[s.id], language),
      lines: s.lines.map((l) => ({
        id: l.id, label: lineLabel(l.id, language), base: l.base ?? null, tax: l.tax ?? null, amount: l.amount ?? null, documents: l.documents,
      })),
    })),
    totals: ws.totals,
    warnings: ws.warnings.map((w) => ({ ...w, message: inLanguage(WARNING_TEXTS[w.code], language, { count: w.count }) })),
  };
}
