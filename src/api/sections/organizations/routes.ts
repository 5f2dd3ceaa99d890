/**
 * Organizations of the account (spec "Organizations, certificate, counters, branding"): list, create,
 * view, update and delete with an account key; plus the current organization's profile (/organizations/me
 * and its alias /company, profile-routes.ts). Static `/organizations/me` wins over `/organizations/:org`.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { RoutePlugin } from '../route-plugin.ts';
import { AppError } from '../../../domain/errors.ts';
import { ok } from '../../envelope.ts';
import { requireAuth } from '../../route-config.ts';
import { organizationView } from './views.ts';
import { OrganizationInput, OrganizationListReply, OrganizationParams, OrganizationReply, OrganizationUpdate } from './schemas.ts';
import { NullDataReply } from '../../schema-types.ts';
import { registerProfileRoutes, type ProfileDependencies } from './profile-routes.ts';
import { createOrganization } from '../../../organizations/create-organization.ts';
import { deleteOrganization } from '../../../organizations/delete-organization.ts';
import { normalizeIdentification } from '../../../organizations/identification.ts';
import { patchOrganization } from '../../../organizations/patch-organization.ts';
import { environmentsWithCertificate } from '../../../store/credentials.ts';
import { getOrganizationByUuid, listOrganizations, type OrganizationRow } from '../../../store/organizations.ts';

const ACCOUNT = { key: 'account', abilities: ['account:manage'] } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the organizations section uses: the store and the clock, and (for the profile's address) the
 * official location table.
 */
export type OrganizationDependencies = ProfileDependencies;

function view(deps: OrganizationDependencies, row: OrganizationRow) {
  return organizationView(row, environmentsWithCertificate(deps.store.db, row.id));
}

/** The account's (not deleted) organization with that uuid, or 404 not_found. */
function findOwned(deps: OrganizationDependencies, request: FastifyRequest, uuid: string): OrganizationRow {
  const row = UUID.test(uuid) ? getOrganizationByUuid(deps.store.db, requireAuth(request).account.id, uuid) : undefined;
  if (!row) throw new AppError('not_found', 404, `No organization ${uuid} in this account.`);
  return row;
}

export const organizationRoutes: RoutePlugin<OrganizationDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['organizations'];

  app.get('/organizations', {
    config: ACCOUNT,
    schema: { tags, summary: 'Organizations of the account', response: { 200: OrganizationListReply } },
  }, async (request) => ok(listOrganizations(deps.store.db, requireAuth(request).account.id).map((row) => view(deps, row))));

  app.post('/organizations', {
    config: ACCOUNT,
    schema: { tags, summary: 'Create an organization (bounded by the plan\'s max_organizations)', body: OrganizationInput, response: { 201: OrganizationReply } },
  }, async (request, reply) => {
    const b = request.body;
    const row = createOrganization(deps, requireAuth(request).account, {
      name: b.name,
      legalName: b.legal_name ?? b.name,
      identificationType: b.identification_type,
      identificationNumber: normalizeIdentification(b.identification_number),
      email: b.email,
      phone: b.phone || null,
      economicActivities: b.economic_activities ?? [],
    });
    return reply.code(201).send(ok(view(deps, row), 'Organization created.'));
  });

  app.get('/organizations/:org', {
    config: ACCOUNT,
    schema: { tags, summary: 'One organization', params: OrganizationParams, response: { 200: OrganizationReply } },
  }, async (request) => ok(view(deps, findOwned(deps, request, request.params.org))));

  app.patch('/organizations/:org', {
    config: ACCOUNT,
    schema: { tags, summary: 'Update an organization (not its identification)', params: OrganizationParams, body: OrganizationUpdate, response: { 200: OrganizationReply } },
  }, async (request) => {
    const row = findOwned(deps, request, request.params.org);
    const b = request.body;
    const updated = patchOrganization(deps, row, b as Record<string, unknown>, {
      name: b.name,
      legalName: b.legal_name,
      email: b.email,
      phone: b.phone === undefined ? undefined : b.phone || null,
      economicActivities: b.economic_activities,
    });
    return ok(view(deps, updated), 'Organization updated.');
  });

  app.delete('/organizations/:org', {
    config: ACCOUNT,
    schema: { tags, summary: 'Delete an organization (its keys stop working; its documents are kept)', params: OrganizationParams, response: { 200: NullDataReply } },
  }, async (request) => {
    const row = findOwned(deps, request, request.params.org);
    deleteOrganization(deps, row);
    return ok(null, 'Organization deleted.');
  });

  registerProfileRoutes(app, deps);
};
