/**
 * Organizations of the account (spec "Organizations, certificate, counters, branding"): list, create,
 * view, update and delete with an account key; plus the current organization's profile (/organizations/me
 * and its alias /company, organization-profile.ts). Static `/organizations/me` wins over `/organizations/:org`.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Core } from '../../../core.ts';
import { ApiError, validationError } from '../../errors.ts';
import { ok } from '../../envelope.ts';
import { requireAuth } from '../../route-config.ts';
import { organizationView } from './views.ts';
import { OrganizationInput, OrganizationListReply, OrganizationParams, OrganizationReply, OrganizationUpdate } from './schemas.ts';
import { NullDataReply } from '../../schema-types.ts';
import { registerProfileRoutes } from './profile-routes.ts';
import { createOrganization } from '../../../organizations/create-organization.ts';
import { normalizeIdentification } from '../../../organizations/identification.ts';
import { changeOrganization } from '../../../organizations/update-organization.ts';
import { forgetSigningIdentity } from '../../../organizations/signing-identity.ts';
import { environmentsWithCertificate } from '../../../store/credentials.ts';
import { getOrganizationByUuid, listOrganizations, softDeleteOrganization, type OrganizationRow } from '../../../store/organizations.ts';

const ACCOUNT = { key: 'account', abilities: ['account:manage'] } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function view(core: Core, row: OrganizationRow) {
  return organizationView(row, environmentsWithCertificate(core.store.db, row.id));
}

/** The account's (not deleted) organization with that uuid, or 404 not_found. */
function findOwned(core: Core, request: FastifyRequest, uuid: string): OrganizationRow {
  const row = UUID.test(uuid) ? getOrganizationByUuid(core.store.db, requireAuth(request).account.id, uuid) : undefined;
  if (!row) throw new ApiError('not_found', 404, `No organization ${uuid} in this account.`);
  return row;
}

/** PATCH cannot change the identification: say so rather than silently ignoring it. */
function refuseIdentificationChange(row: OrganizationRow, body: Record<string, unknown>): void {
  const changed = (field: string, current: string) => {
    const sent = body[field];
    if (sent === undefined) return false;
    return typeof sent !== 'string' || (field === 'identification_type' ? sent : normalizeIdentification(sent)) !== current;
  };
  const fields = ['identification_type', 'identification_number'].filter((f) =>
    changed(f, f === 'identification_type' ? row.identificationType : row.identificationNumber));
  if (fields.length > 0) {
    throw validationError(Object.fromEntries(fields.map((f) => [f, ['The identification of an organization cannot change; create another organization.']])));
  }
}

export const organizationRoutes: RoutePlugin = (core) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['organizations'];

  app.get('/organizations', {
    config: ACCOUNT,
    schema: { tags, summary: 'Organizations of the account', response: { 200: OrganizationListReply } },
  }, async (request) => ok(listOrganizations(core.store.db, requireAuth(request).account.id).map((row) => view(core, row))));

  app.post('/organizations', {
    config: ACCOUNT,
    schema: { tags, summary: 'Create an organization (bounded by the plan\'s max_organizations)', body: OrganizationInput, response: { 201: OrganizationReply } },
  }, async (request, reply) => {
    const b = request.body;
    const row = createOrganization(core, requireAuth(request).account, {
      name: b.name,
      legalName: b.legal_name ?? b.name,
      identificationType: b.identification_type,
      identificationNumber: normalizeIdentification(b.identification_number),
      email: b.email,
      phone: b.phone || null,
      economicActivities: b.economic_activities ?? [],
    });
    return reply.code(201).send(ok(view(core, row), 'Organization created.'));
  });

  app.get('/organizations/:org', {
    config: ACCOUNT,
    schema: { tags, summary: 'One organization', params: OrganizationParams, response: { 200: OrganizationReply } },
  }, async (request) => ok(view(core, findOwned(core, request, request.params.org))));

  app.patch('/organizations/:org', {
    config: ACCOUNT,
    schema: { tags, summary: 'Update an organization (not its identification)', params: OrganizationParams, body: OrganizationUpdate, response: { 200: OrganizationReply } },
  }, async (request) => {
    const row = findOwned(core, request, request.params.org);
    const b = request.body;
    refuseIdentificationChange(row, b as Record<string, unknown>);
    const updated = changeOrganization(core, row, {
      name: b.name,
      legalName: b.legal_name,
      email: b.email,
      phone: b.phone === undefined ? undefined : b.phone || null,
      economicActivities: b.economic_activities,
    });
    return ok(view(core, updated), 'Organization updated.');
  });

  app.delete('/organizations/:org', {
    config: ACCOUNT,
    schema: { tags, summary: 'Delete an organization (its keys stop working; its documents are kept)', params: OrganizationParams, response: { 200: NullDataReply } },
  }, async (request) => {
    const row = findOwned(core, request, request.params.org);
    softDeleteOrganization(core.store.db, row.id, core.clock.now());
    forgetSigningIdentity(core, row.id);
    return ok(null, 'Organization deleted.');
  });

  registerProfileRoutes(app, core);
};
