/**
 * Saved recipients of the key's organization (spec "Recipients"): paginated list with search, lookup by
 * identification, create, view, replace, delete. `recipients:read` to read, `recipients:write` to change.
 * Another organization's recipient is answered exactly like a missing one (404 recipient_not_found).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Clock } from '../../../domain/clock.ts';
import { AppError } from '../../../domain/errors.ts';
import type { Store } from '../../../store/database.ts';
import { ok, pageParams, pagination } from '../../envelope.ts';
import { requireOrganization } from '../../route-config.ts';
import { recipientView } from './views.ts';
import { LookupQuery, RecipientInput, RecipientListQuery, RecipientListReply, RecipientParams, RecipientReply } from './schemas.ts';
import { NullDataReply } from '../../schema-types.ts';
import { normalizeIdentification } from '../../../organizations/identification.ts';
import { recipientFields } from '../../../organizations/recipient-fields.ts';
import {
  deleteRecipient, findRecipientByIdentification, getRecipient, insertRecipient, listRecipients, replaceRecipient, type RecipientRow,
} from '../../../store/recipients.ts';

const READ = { key: 'organization', abilities: ['recipients:read'] } as const;
const WRITE = { key: 'organization', abilities: ['recipients:write'] } as const;

const notFound = (what: string) => new AppError('recipient_not_found', 404, `No recipient ${what} in this organization.`);

/** Path ids that cannot be a recipient id are simply not found (no 422 for a URL). */
function recipientId(raw: string): number {
  const id = /^[1-9][0-9]{0,14}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw notFound(raw);
  return id;
}

function found(row: RecipientRow | undefined, id: string): RecipientRow {
  if (!row) throw notFound(id);
  return row;
}

/** What the recipients section uses: the store's handle and the clock (each write is one row). */
export interface RecipientDependencies {
  store: Pick<Store, 'db'>;
  clock: Clock;
}

export const recipientRoutes: RoutePlugin<RecipientDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['recipients'];
  const db = deps.store.db;

  app.get('/recipients', {
    config: READ,
    schema: { tags, summary: 'Recipients by name, paginated; `pagination` sits beside `data`', querystring: RecipientListQuery, response: { 200: RecipientListReply } },
  }, async (request) => {
    const { organization } = requireOrganization(request);
    const { page, perPage } = pageParams(request.query);
    const search = request.query.search?.trim() || undefined;
    const { rows, total } = listRecipients(db, organization.id, { search, limit: perPage, offset: (page - 1) * perPage });
    return { ...ok(rows.map(recipientView)), pagination: pagination(page, perPage, total) };
  });

  app.post('/recipients', {
    config: WRITE,
    schema: { tags, summary: 'Save a recipient', body: RecipientInput, response: { 201: RecipientReply } },
  }, async (request, reply) => {
    const { organization } = requireOrganization(request);
    const row = insertRecipient(db, organization.id, recipientFields(request.body), deps.clock.now());
    return reply.code(201).send(ok(recipientView(row), 'Recipient created.'));
  });

  app.get('/recipients/lookup', {
    config: READ,
    schema: { tags, summary: 'The recipient with an identification (the most recently updated one)', querystring: LookupQuery, response: { 200: RecipientReply } },
  }, async (request) => {
    const { organization } = requireOrganization(request);
    const identification = normalizeIdentification(request.query.identification);
    return ok(recipientView(found(findRecipientByIdentification(db, organization.id, identification), identification)));
  });

  app.get('/recipients/:id', {
    config: READ,
    schema: { tags, summary: 'One recipient', params: RecipientParams, response: { 200: RecipientReply } },
  }, async (request) => {
    const { organization } = requireOrganization(request);
    return ok(recipientView(found(getRecipient(db, organization.id, recipientId(request.params.id)), request.params.id)));
  });

  app.put('/recipients/:id', {
    config: WRITE,
    schema: { tags, summary: 'Replace a recipient (members not sent become empty)', params: RecipientParams, body: RecipientInput, response: { 200: RecipientReply } },
  }, async (request) => {
    const { organization } = requireOrganization(request);
    const id = recipientId(request.params.id);
    const fields = recipientFields(request.body);
    return ok(recipientView(found(replaceRecipient(db, organization.id, id, fields, deps.clock.now()), request.params.id)), 'Recipient updated.');
  });

  app.delete('/recipients/:id', {
    config: WRITE,
    schema: { tags, summary: 'Delete a recipient', params: RecipientParams, response: { 200: NullDataReply } },
  }, async (request) => {
    const { organization } = requireOrganization(request);
    if (!deleteRecipient(db, organization.id, recipientId(request.params.id))) throw notFound(request.params.id);
    return ok(null, 'Recipient deleted.');
  });
};
