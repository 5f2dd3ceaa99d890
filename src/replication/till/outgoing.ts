/**
 * A till's document as the head office receives it (wire.ts ReplicatedDocument): the exact signed bytes and
 * the tax authority's answer in base64, the cashier and the shift by the till's own ids and names.
 */
import type { WaitingDocumentRow } from '../../store/replication-queue.ts';
import type { ReplicatedDocument } from '../wire.ts';

function payments(json: string | null): ReplicatedDocument['payments'] {
  if (json === null) return null;
  const parsed = JSON.parse(json) as unknown;
  return Array.isArray(parsed) ? (parsed as ReplicatedDocument['payments']) : null;
}

export function outgoingDocument(row: WaitingDocumentRow): ReplicatedDocument {
  return {
    clave: row.clave,
    consecutive: row.consecutive,
    document_type: row.documentType,
    environment: row.environment as ReplicatedDocument['environment'],
    situation: row.situation,
    status: row.status,
    hacienda_status: row.haciendaStatus,
    hacienda_message: row.haciendaMessage,
    hacienda_response_at: row.haciendaResponseAt,
    issued_at: row.issuedAt,
    currency: row.currency,
    exchange_rate: row.exchangeRate,
    net_amount: row.netAmount,
    tax_amount: row.taxAmount,
    total_amount: row.totalAmount,
    emisor_identification: row.emisorIdentification,
    emisor_name: row.emisorName,
    receptor_identification: row.receptorIdentification,
    receptor_name: row.receptorName,
    payments: payments(row.payments),
    signed_xml: Buffer.from(row.signedXml).toString('base64'),
    response_xml: row.responseXml === null ? null : Buffer.from(row.responseXml).toString('base64'),
    cashier: row.cashierId === null ? null : { id: row.cashierId, name: row.cashierName ?? '' },
    shift: row.shiftId === null || row.shiftOpenedAt === null ? null : { id: row.shiftId, opened_at: row.shiftOpenedAt, closed_at: row.shiftClosedAt },
    updated_at: row.updatedAt,
  };
}
