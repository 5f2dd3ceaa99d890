/**
 * The document filters shared by `GET /documents` (one page at a time) and `GET /documents/export` (a
 * ZIP of everything that matches): the same query names, checked by the same schema, turned into the
 * same store filter.
 */
import { Type } from 'typebox';
import type { OrganizationAuth } from '../../route-config.ts';
import type { DocumentFilter } from '../../../store/documents.ts';
import { RECEIVER_MESSAGE_TYPES } from '../../../domain/consecutive.ts';
import { DOCUMENT_TYPES } from '../../../domain/codes.ts';

/** Every type a document row can have: the comprobantes and the receiver messages (05–07). */
export const ALL_DOCUMENT_TYPES: readonly string[] = Object.keys(DOCUMENT_TYPES).sort();

export const DOCUMENT_FILTER_QUERY = {
  document_type: Type.Optional(Type.String({ pattern: '^(0[1-9]|10|RC)$' })),
  status: Type.Optional(Type.Union(['processing', 'sent', 'queued', 'accepted', 'rejected', 'error'].map((s) => Type.Literal(s)))),
  from: Type.Optional(Type.String({ format: 'date', description: 'issue date from (YYYY-MM-DD, inclusive)' })),
  to: Type.Optional(Type.String({ format: 'date', description: 'issue date to (YYYY-MM-DD, inclusive)' })),
  receiver: Type.Optional(Type.String({ maxLength: 20, description: 'receiver identification' })),
  search: Type.Optional(Type.String({ maxLength: 50, description: 'clave, consecutive number, or the last digits of a consecutive (1–19 digits: 42 finds number 42 of every branch, terminal and type)' })),
  cashier_id: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,14}$', description: 'beyond the spec: issued by this cashier of the counter (docs/tills.md)' })),
};

export interface DocumentFilterParams {
  document_type?: string;
  status?: string;
  from?: string;
  to?: string;
  receiver?: string;
  search?: string;
  cashier_id?: string;
}

/**
 * The store filter of a query, limited to `allowed` document types (those the key may read, or all of
 * them for an export). `to` is a calendar date in Costa Rica: it runs to the end of that day there.
 */
export function documentFilter(auth: OrganizationAuth, q: DocumentFilterParams, allowed: readonly string[]): Omit<DocumentFilter, 'limit' | 'before'> {
  const wanted = q.document_type === undefined ? allowed : q.document_type === 'RC' ? RECEIVER_MESSAGE_TYPES : [q.document_type];
  return {
    organizationId: auth.organization.id,
    environment: auth.environment,
    documentTypes: wanted.filter((t) => allowed.includes(t)),
    status: q.status,
    from: q.from,
    to: q.to === undefined ? undefined : `${q.to}T23:59:59.999-06:00`,
    receiver: q.receiver,
    search: q.search,
    ...(q.cashier_id === undefined ? {} : { cashierId: Number(q.cashier_id) }),
  };
}
