/** A received document as the API shows it (schemas.ts ReceivedDocument). */
import { inLanguage } from '../../../i18n/fill.ts';
import type { BusinessCalendar } from '../../../domain/business-days.ts';
import { deadlineState } from '../../../received/answer-deadline.ts';
import { FINDINGS, isClaimable, type FindingCode } from '../../../received/findings.ts';
import type { ResolvedReference } from '../../../received/received-queries.ts';
import type { ReceivedDocumentRow, ReceivedState } from '../../../store/received-documents.ts';


function deadlineOf(row: ReceivedDocumentRow, now: Date, calendar: BusinessCalendar) {
  if (row.answerDue === null || row.state !== 'pending') return null;
  return deadlineState({ lastDay: row.answerDue }, now, calendar);
}

/** A note and the documents it refers to, as the single document's view links them. */
export function relatedView(related: { references: ResolvedReference[]; notes: ReceivedDocumentRow[] }) {
  return {
    references: related.references.map((r) => ({ document_type: r.documentType, number: r.number, code: r.code, clave: r.clave })),
    notes: related.notes.map((n) => ({ clave: n.clave, document_type: n.documentType, consecutive: n.consecutive, total: n.totalAmount, state: n.state as ReceivedState })),
  };
}

export function receivedView(row: ReceivedDocumentRow, now: Date, calendar: BusinessCalendar, language: 'es' | 'en') {
  const findings = row.findings.map((f) => {
    const known = FINDINGS[f.code as FindingCode];
    return { code: f.code, blocking: known?.blocking ?? false, message: known ? inLanguage(known.text, language, f.params) : f.code };
  });
  return {
    clave: row.clave,
    document_type: row.documentType,
    consecutive: row.consecutive,
    supplier: { identification: row.issuerIdentification, name: row.issuerName },
    currency: row.currency,
    exchange_rate: row.exchangeRate,
    total: row.totalAmount,
    total_tax: row.taxAmount,
    tax_breakdown: row.taxBreakdown.map((b) => ({ code: b.code, rate_code: b.rateCode ?? null, amount: b.amount })),
    issued_at: row.issuedAt,
    transaction_month: row.transactionMonth,
    answer_due: row.answerDue,
    deadline: deadlineOf(row, now, calendar),
    state: row.state as ReceivedState,
    claimable: isClaimable(row.state, row.findings.map((f) => f.code)),
    hacienda_answer: (row.haciendaAnswerState as 'aceptado' | 'rechazado' | null) ?? null,
    has_pdf: row.pdf !== null,
    findings,
    answer_document_id: row.answerDocumentId,
    source: row.source,
    received_at: row.receivedAt,
  };
}
