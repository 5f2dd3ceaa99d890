/**
 * Head office (docs/replication.md): what paired tills call with their key (ability `replication:write`) —
 * their documents in (idempotent by clave) and the products and customers changed since their cursor out.
 * A key with the ability that is no till's (made by hand) answers 403 `till_not_paired`.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Clock } from '../../../domain/clock.ts';
import { AppError } from '../../../domain/errors.ts';
import type { Store } from '../../../store/database.ts';
import { tillOfKey, type TillRow } from '../../../store/tills.ts';
import type { DocumentVatReader } from '../../../reports/document-vat-reader.ts';
import { receiveDocuments } from '../../../replication/head-office/intake.ts';
import { VatAfterIntake } from '../../../replication/head-office/vat-after-intake.ts';
import { changesSince, MAX_FEED_LIMIT } from '../../../replication/head-office/changes-feed.ts';
import { REPLICATION_ABILITY } from '../../../replication/head-office/pair-till.ts';
import { ok } from '../../envelope.ts';
import { requireOrganization } from '../../route-config.ts';
import { productView } from '../products/views.ts';
import { recipientView } from '../recipients/views.ts';
import { ChangesQuery, ChangesReply, ReplicationBody, ReplicationReply } from './schemas.ts';

const TILL = { key: 'organization', abilities: [REPLICATION_ABILITY] } as const;
/** 200 documents of a few tens of KB each, base64: more than the API's usual body limit. */
const REPLICATION_BODY_LIMIT = 20 * 1024 * 1024;
const tags = ['replication'];

export interface ReplicationDependencies {
  store: Pick<Store, 'db' | 'transaction'>;
  clock: Clock;
  reports: { vatReader: Pick<DocumentVatReader, 'read'> };
}

export const replicationRoutes: RoutePlugin<ReplicationDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  // The stored documents' VAT lines, read in the VAT worker once each answer is on its way.
  const vat = new VatAfterIntake({ store: deps.store, readVat: (bytes) => deps.reports.vatReader.read(bytes), warn: (m) => app.log.warn(m) });
  app.addHook('onClose', async () => vat.settled());

  const tillOf = (request: FastifyRequest): TillRow => {
    const auth = requireOrganization(request);
    const till = tillOfKey(deps.store.db, auth.key.id);
    if (!till || till.organizationId !== auth.organization.id) throw new AppError('till_not_paired', 403, 'This key is not a paired till\'s: pair the till with a code from the head office.');
    return till;
  };

  app.post('/replication/documents', {
    config: TILL,
    bodyLimit: REPLICATION_BODY_LIMIT,
    schema: {
      tags,
      summary: "A till's documents, at most 200 a request: stored, updated, unchanged or conflict, each by clave",
      body: ReplicationBody,
      response: { 200: ReplicationReply },
    },
  }, async (request) => {
    const till = tillOf(request);
    const { organization } = requireOrganization(request);
    const results = receiveDocuments({ store: deps.store, clock: deps.clock, vat }, organization, till, request.body.documents);
    return ok({ results }, undefined, deps.clock.now());
  });

  app.get('/replication/changes', {
    config: TILL,
    schema: { tags, summary: 'Products and customers changed since the cursor (the head office wins)', querystring: ChangesQuery, response: { 200: ChangesReply } },
  }, async (request) => {
    tillOf(request);
    const { organization } = requireOrganization(request);
    const limit = Math.min(Number(request.query.limit ?? 500), MAX_FEED_LIMIT);
    const page = changesSince(deps, organization.id, request.query.since, limit);
    return ok({ products: page.products.map(productView), customers: page.customers.map(recipientView), next_cursor: page.nextCursor, more: page.more }, undefined, deps.clock.now());
  });
};
