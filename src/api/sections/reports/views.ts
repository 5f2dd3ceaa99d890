/** The worksheet and a line's documents as the API shows them (schemas.ts). */
import type { LabelledWorksheet } from '../../../reports/labelled-worksheet.ts';
import type { Contribution } from '../../../reports/vat-worksheet-model.ts';

export function worksheetView(ws: LabelledWorksheet) {
  return {
    month: ws.month,
    currency: ws.currency,
    notice: ws.notice,
    sections: ws.sections,
    totals: { debit: ws.totals.debit, credit: ws.totals.credit, iva_returned: ws.totals.ivaReturned, balance: ws.totals.balance, balance_kind: ws.totals.balanceKind },
    warnings: ws.warnings,
  };
}

export function contributionView(c: Contribution) {
  return { source: c.source, clave: c.clave, consecutive: c.consecutive, document_type: c.documentType, party: c.party, issued_at: c.issuedAt, base: c.base, tax: c.tax };
}
