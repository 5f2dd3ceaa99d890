/**
 * The answer to a request repeated with its X-Idempotency-Key after the first one issued its document but
 * died (kill -9, power cut) before its answer was stored: the key was bound to the document in the same
 * transaction (store/idempotency.ts), so the 201 is rebuilt from the document and stored for later repeats.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { getDocumentById } from '../../store/document-status.ts';
import { claveVoidedBy } from '../../store/documents.ts';
import { completeIdempotencyKey, issuedDocumentOf, type IdempotencyRow } from '../../store/idempotency.ts';
import { submittedView } from '../sections/documents/views.ts';
import { ok } from '../envelope.ts';
import type { IdempotencyDependencies } from './idempotency-dependencies.ts';
import { sealResponse } from './idempotency-seal.ts';

/** Sends a stored (or rebuilt) answer again, marked as a replay. */
export function sendReplay(reply: FastifyReply, status: number, body: string | null): void {
  reply.header('Idempotent-Replayed', 'true').header('content-type', 'application/json; charset=utf-8').code(status).send(body);
}

/** Replies with the rebuilt answer; false when the document cannot be found (the caller starts afresh). */
export function replayIssued(deps: IdempotencyDependencies, request: FastifyRequest, reply: FastifyReply, row: IdempotencyRow): boolean {
  const db = deps.store.db;
  const id = issuedDocumentOf(row);
  const document = id === undefined ? undefined : getDocumentById(db, id);
  const tenant = request.auth?.organization;
  if (!document || !tenant) return false;
  // A voiding credit note also names the original it annuls, as the void route's own answer does.
  const voids = claveVoidedBy(db, document.organizationId, document.clave);
  const data = { ...submittedView(document, tenant.uuid), ...(voids ? { voids } : {}) };
  const body = JSON.stringify(ok(data, 'Document signed and queued for the tax authority.', deps.clock.now()));
  completeIdempotencyKey(db, row.apiKeyId, row.key, 201, sealResponse(deps.vault, row, body));
  sendReplay(reply, 201, body);
  return true;
}
