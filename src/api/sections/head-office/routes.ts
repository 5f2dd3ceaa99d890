/**
 * A till's head office (docs/replication.md, "La caja"), beyond the spec: POST /settings/head-office pairs
 * with a one-time code, GET says how the replication goes, POST …/sync runs it now, DELETE unlinks. `settings:manage` to pair or
 * unlink, `settings:read` to look (the browser session of the shop's owner has both).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import { NullDataReply } from '../../schema-types.ts';
import { LinkStatusReply, PairReply, PairRequest } from './schemas.ts';
import { AppError } from '../../../domain/errors.ts';
import { ok } from '../../envelope.ts';
import { requireOrganization } from '../../route-config.ts';
import { languageOf } from '../../request-language.ts';
import { linkStatus, pairWithHeadOffice, syncNow, unlinkHeadOffice, type LinkDependencies } from '../../../replication/till/link.ts';

const READ = { key: 'organization', abilities: ['settings:read'] } as const;
const MANAGE = { key: 'organization', abilities: ['settings:manage'] } as const;
const tags = ['replication'];

/** What the section uses: the store, the vault that seals the till's credential, the clock, the waker. */
export interface HeadOfficeDependencies extends LinkDependencies {
  replicationWaker: { forget(): void };
  outbox: { wake(): void };
}

export const headOfficeRoutes: RoutePlugin<HeadOfficeDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/settings/head-office', {
    config: READ,
    schema: { tags, summary: 'Whether this till reports to a head office, and how far the replication is', response: { 200: LinkStatusReply } },
  }, async (request) => ok(linkStatus(deps, requireOrganization(request).organization.id)));

  app.post('/settings/head-office', {
    config: MANAGE,
    schema: { tags, summary: 'Pair this till with a head office using its one-time code', body: PairRequest, response: { 201: PairReply } },
  }, async (request, reply) => {
    const { organization } = requireOrganization(request);
    const b = request.body;
    const link = await pairWithHeadOffice(deps, organization, { url: b.url, code: b.code, name: b.name, branch: b.branch, terminal: b.terminal, language: languageOf(request) });
    deps.replicationWaker.forget();
    deps.outbox.wake();
    reply.code(201);
    return ok({ head_office_name: link.headOfficeName, till_id: link.tillId, paired_at: link.pairedAt }, 'Paired with the head office.');
  });

  app.post('/settings/head-office/sync', {
    config: MANAGE,
    schema: { tags, summary: 'Send the waiting documents and bring products and customers now, instead of at the next sweep', response: { 200: LinkStatusReply } },
  }, async (request) => {
    const { organization } = requireOrganization(request);
    if (!syncNow(deps, organization.id)) throw new AppError('not_found', 404, 'This till reports to no head office.');
    deps.outbox.wake();
    return ok(linkStatus(deps, organization.id), 'Replication with the head office runs now.');
  });

  app.delete('/settings/head-office', {
    config: MANAGE,
    schema: { tags, summary: 'Stop reporting to the head office (it revokes the till on its side)', response: { 200: NullDataReply } },
  }, async (request) => {
    const { organization } = requireOrganization(request);
    if (!unlinkHeadOffice(deps, organization.id)) throw new AppError('not_found', 404, 'This till reports to no head office.');
    deps.replicationWaker.forget();
    return ok(null, 'Unlinked from the head office.');
  });
};
