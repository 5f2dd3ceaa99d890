/**
 * What the replication tests share: a till (a test server of its own, with the head office's taxpayer and a
 * certificate) that issues real signed documents, and its rows written as the wire's ReplicatedDocument.
 */
import { expect } from 'vitest';
import { findDocumentByClave, type DocumentRow } from '../../src/store/documents.ts';
import type { ReplicatedDocument } from '../../src/replication/wire.ts';
import { outgoingDocument } from '../../src/replication/till/outgoing.ts';
import { exampleRequest } from '../fixtures/example-requests.ts';
import { giveCertificate, type SeededOrganization, type TestServer } from './harness.ts';

/** A till's document row as the till sends it (docs/replication.md). */
export function wireOf(row: DocumentRow, extra: Partial<ReplicatedDocument> = {}): ReplicatedDocument {
  return {
    ...outgoingDocument({
      ...row,
      payments: row.payments === null ? null : JSON.stringify(row.payments),
      cashierId: null,
      cashierName: null,
      shiftOpenedAt: null,
      shiftClosedAt: null,
    }),
    cashier: { id: 7, name: 'Ana' },
    shift: { id: 3, opened_at: '2026-11-27T12:00:00.000Z', closed_at: null },
    ...extra,
  };
}

/** The till's certificate, so that it can sign (its documents stay `processing`: nothing delivers them). */
export async function readyTill(till: TestServer, org: SeededOrganization): Promise<void> {
  await giveCertificate(till, org);
}

/** Issues a ticket (or `example`) at the till, a minute ago; its stored row. */
export async function issueAtTill(till: TestServer, org: SeededOrganization, example = '04-tiquete'): Promise<DocumentRow> {
  const body = exampleRequest(example, new Date(Date.now() - 60_000));
  const res = await till.call('POST', '/electronic-documents', { key: org.key, body });
  expect(res.status, res.text).toBe(201);
  return findDocumentByClave(till.server.core.store.db, org.row.id, 'staging', res.body.data.document_key)!;
}
