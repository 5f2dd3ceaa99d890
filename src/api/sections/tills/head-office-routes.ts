/**
 * The head office's tills (docs/replication.md, "Pairing"): a one-time pairing code (settings:manage), the
 * paired tills (settings:read), unpairing (settings:manage: revokes the till's key), and the pairing itself,
 * which a till calls with the code and no key. Pairing is limited per client address (10 a minute, 100 a
 * day), in memory like the keys' limits (docs/rate-limits.md): a code is guessed one try at a time.
 */
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Clock } from '../../../domain/clock.ts';
import type { Store } from '../../../store/database.ts';
import { listPairedTills } from '../../../store/tills.ts';
import { createPairingCode } from '../../../replication/head-office/pairing-code.ts';
import { pairTill } from '../../../replication/head-office/pair-till.ts';
import { unpairTill } from '../../../replication/head-office/unpair-till.ts';
import { RateLimiter } from '../../plugins/rate-limit.ts';
import { ok } from '../../envelope.ts';
import { pathId } from '../../path-id.ts';
import { requireOrganization } from '../../route-config.ts';
import { PairingCodeInput, PairingCodeReply, PairInput, PairReply, TillListReply, TillParams } from './head-office-schemas.ts';
import { tillView } from './head-office-views.ts';

const READ = { key: 'organization', abilities: ['settings:read'] } as const;
const MANAGE = { key: 'organization', abilities: ['settings:manage'] } as const;
const PAIRING_LIMITS = { perMinute: 10, perDay: 100 };
const tags = ['tills'];

export interface HeadOfficeTillDependencies {
  store: Pick<Store, 'db' | 'transaction'>;
  clock: Clock;
}

export const headOfficeTillRoutes: RoutePlugin<HeadOfficeTillDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const pairingLimiter = new RateLimiter();

  app.post('/tills/pairing-codes', {
    // A code is a credential shown once: its answer is not kept for replays.
    config: { ...MANAGE, idempotency: 'never' },
    schema: { tags, summary: 'A one-time code a till pairs with (15 minutes, shown once)', body: PairingCodeInput, response: { 201: PairingCodeReply } },
  }, async (request, reply) => {
    const { organization } = requireOrganization(request);
    const made = createPairingCode(deps, organization.id, request.body.label.trim());
    return reply.code(201).send(ok({ code: made.code, label: made.label, expires_at: made.expiresAt }, 'Pairing code created.', deps.clock.now()));
  });

  app.get('/tills', {
    config: READ,
    schema: { tags, summary: 'The tills paired with this head office', response: { 200: TillListReply } },
  }, async (request) => ok(listPairedTills(deps.store.db, requireOrganization(request).organization.id).map(tillView)));

  app.delete('/tills/:id', {
    config: MANAGE,
    schema: { tags, summary: "Unpair a till: its key is revoked; the documents it sent stay", params: TillParams, response: { 204: Type.Null({ description: 'unpaired; no content' }) } },
  }, async (request, reply) => {
    unpairTill(deps, requireOrganization(request).organization.id, pathId(request.params.id));
    return reply.code(204).send(null);
  });

  app.post('/tills/pair', {
    config: { key: 'none' },
    schema: {
      tags,
      summary: "A till exchanges a pairing code for its replication key (no API key; limited per address)",
      description: 'Refusals: 400 `pairing_code_invalid`, 409 `pairing_code_used`, 410 `pairing_code_expired`, 409 `organization_mismatch`, 429 `rate_limited`.',
      body: PairInput,
      response: { 201: PairReply },
    },
    onRequest: async (request, reply) => {
      const state = pairingLimiter.hit(`pair:${request.ip}`, PAIRING_LIMITS, deps.clock.now().getTime());
      reply.header('X-RateLimit-Limit', state.limit).header('X-RateLimit-Remaining', state.remaining).header('X-RateLimit-Reset', state.reset);
    },
  }, async (request, reply) => {
    const b = request.body;
    const paired = pairTill(deps, { code: b.code, name: b.name.trim(), branch: b.branch, terminal: b.terminal, identificationNumber: b.identification_number });
    const o = paired.organization;
    return reply.code(201).send(ok({
      till_id: paired.till.id,
      organization: { uuid: o.uuid, name: o.name, identification_number: o.identificationNumber },
      token: paired.token,
      head_office_name: o.name,
    }, 'Till paired.', deps.clock.now()));
  });
};
