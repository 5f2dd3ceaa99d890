/**
 * The head office ⇄ till wire (docs/replication.md): what a till sends for each of its documents, and what the
 * head office answers for each. Types only, shared by both sides (`head-office/` and `till/`); the API's
 * TypeBox schemas (api/sections/replication/schemas.ts) describe the same shapes for validation and OpenAPI.
 */

/** A cashier or a shift as the till reports it (its own ids: they mean nothing at the head office). */
export interface ReplicatedCashier {
  id: number;
  name: string;
}

export interface ReplicatedShift {
  id: number;
  opened_at: string;
  closed_at: string | null;
}

/** One document of a till, as `POST /replication/documents` carries it. Money is decimal text. */
export interface ReplicatedDocument {
  clave: string;
  consecutive: string;
  document_type: string;
  environment: 'staging' | 'production';
  situation: string;
  status: string;
  hacienda_status: string | null;
  hacienda_message: string | null;
  hacienda_response_at: string | null;
  issued_at: string;
  currency: string;
  exchange_rate: string | null;
  net_amount: string;
  tax_amount: string;
  total_amount: string;
  emisor_identification: string | null;
  emisor_name: string | null;
  receptor_identification: string | null;
  receptor_name: string | null;
  payments: { method: string; amount: string }[] | null;
  /** Base64 of the exact signed bytes. */
  signed_xml: string;
  /** Base64 of the tax authority's answer, or null before it answered. */
  response_xml: string | null;
  cashier: ReplicatedCashier | null;
  shift: ReplicatedShift | null;
  /** The till's row version (its documents.updated_at): a newer one replaces the status fields. */
  updated_at: string;
}

export type ReplicationOutcome = 'stored' | 'updated' | 'unchanged' | 'conflict';

export interface ReplicationResult {
  clave: string;
  outcome: ReplicationOutcome;
  message?: string;
}

/** At most this many documents per request (the till sends batches of this size). */
export const REPLICATION_BATCH = 200;
