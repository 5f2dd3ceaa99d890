/**
 * `X-Idempotency-Key` on POST requests (spec, Idempotency): the same key and body within 24 hours returns the
 * stored response with `Idempotent-Replayed: true`; the same key while the first request still runs gives
 * 409 `idempotency_in_progress`; a key over 255 characters 400 `invalid_idempotency_key`; the same key
 * with a different body 422 `idempotency_key_reused` (docs/idempotency.md). Server errors are not stored;
 * stored answers are sealed by the vault (idempotency-seal.ts), since some carry a secret shown once.
 * Only routes that take a key can be replayed (the cache is per API key): the plugin adds its preHandler
 * and onSend hooks to those in `onRoute`. Routes declared `idempotency: 'never'` (the PIN pad's and the
 * approvals', whose bodies carry a PIN and whose answers an approval token) ignore the header: neither a
 * digest of a PIN nor a token is ever stored.
 */
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from '../../store/idempotency.ts';
import { ApiError } from '../errors.ts';
import { routeKeyKind } from './auth.ts';
import type { IdempotencyDependencies } from './idempotency-dependencies.ts';
import { replayIssued, sendReplay } from './idempotency-replay.ts';
import { appendHook } from './route-hooks.ts';
import { openResponse, sealResponse } from './idempotency-seal.ts';

export const IDEMPOTENCY_HEADER = 'x-idempotency-key';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'never': the route ignores X-Idempotency-Key (nothing of its request or answer is stored). */
    idempotency?: 'never';
  }
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256').update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`).digest('hex');
}

/** preHandler: claims the key or answers from the stored response. Returns true when it replied. */
function beginIdempotent(deps: IdempotencyDependencies, request: FastifyRequest, reply: FastifyReply): boolean {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined || !request.auth) return false;
  const key = Array.isArray(header) ? header[0]! : header;
  // A malformed key is refused on any method, so that a client's mistake never goes unnoticed.
  if (key.length === 0 || key.length > 255) throw new ApiError('invalid_idempotency_key', 400, 'X-Idempotency-Key must be 1 to 255 characters.');
  if (request.method !== 'POST') return false;
  const hash = requestHash(request);
  const existing = claimIdempotencyKey(deps.store.db, request.auth.key.id, key, hash, deps.clock.now());
  if (!existing) {
    request.idempotency = { apiKeyId: request.auth.key.id, key };
    return false;
  }
  if (existing.requestHash !== hash) {
    throw new ApiError('idempotency_key_reused', 422, 'This X-Idempotency-Key was already used with a different request.');
  }
  if (existing.state === 'issued') {
    if (replayIssued(deps, request, reply, existing)) return true;
    // The bound document is gone (never expected): forget the claim and run the request afresh.
    releaseIdempotencyKey(deps.store.db, existing.apiKeyId, existing.key);
    return beginIdempotent(deps, request, reply);
  }
  if (existing.state === 'running') {
    throw new ApiError('idempotency_in_progress', 409, 'A request with this X-Idempotency-Key is still being processed.');
  }
  const body = existing.responseBody === null ? null : openResponse(deps.vault, existing, existing.responseBody);
  // Only when the vault's master key changed since the answer was stored: never run the request twice.
  if (body === undefined) throw new ApiError('idempotency_replay_unavailable', 409, 'The stored answer of this X-Idempotency-Key can no longer be read; send the request with a new key.');
  sendReplay(reply, existing.responseStatus ?? 200, body);
  return true;
}

/** onSend: stores the response of a claimed request (or releases the claim after a server error). */
function finishIdempotent(deps: IdempotencyDependencies, request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
  const claim = request.idempotency;
  if (!claim) return;
  request.idempotency = undefined;
  if (reply.statusCode >= 500 || typeof payload !== 'string') releaseIdempotencyKey(deps.store.db, claim.apiKeyId, claim.key);
  else completeIdempotencyKey(deps.store.db, claim.apiKeyId, claim.key, reply.statusCode, sealResponse(deps.vault, claim, payload));
}

export const idempotencyPlugin = fp<IdempotencyDependencies>(async (app, deps) => {
  app.addHook('onRoute', (route) => {
    if (routeKeyKind(route) === 'none' || route.config?.idempotency === 'never') return;
    appendHook(route, 'preHandler', async (request, reply) => (beginIdempotent(deps, request, reply) ? reply : undefined));
    appendHook(route, 'onSend', async (request, reply, payload) => {
      finishIdempotent(deps, request, reply, payload);
      return payload;
    });
  });
}, { name: 'facturador-idempotency', dependencies: ['facturador-auth'] });
