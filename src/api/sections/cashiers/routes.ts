/**
 * The counter's cashiers (docs/tills.md, "Cashiers"): create, list, view, change, disable. `cashiers:read` to
 * read, `cashiers:manage` to change; a cashier of another organization is answered like a missing one (404).
 * The rules (the last owner, PIN hashing) are tills/cashiers.ts's.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import { ok } from '../../envelope.ts';
import { pathId } from '../../path-id.ts';
import { requireOrganization } from '../../route-config.ts';
import { changeCashier, cashiersOf, createCashier, disableCashier, findCashier, type CashierDependencies } from '../../../tills/cashiers.ts';
import { cashierView } from './views.ts';
import { CashierInput, CashierListQuery, CashierListReply, CashierParams, CashierReply, CashierUpdate } from './schemas.ts';

const READ = { key: 'organization', abilities: ['cashiers:read'] } as const;
const MANAGE = { key: 'organization', abilities: ['cashiers:manage'] } as const;

export type CashiersDependencies = CashierDependencies;

export const cashierRoutes: RoutePlugin<CashiersDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['cashiers'];
  const view = (row: Parameters<typeof cashierView>[0]) => cashierView(row, deps.clock.now());

  app.post('/cashiers', {
    config: MANAGE,
    schema: { tags, summary: 'Add a cashier with its PIN and role', body: CashierInput, response: { 201: CashierReply } },
  }, async (request, reply) => {
    const { organization } = requireOrganization(request);
    const row = await createCashier(deps, organization.id, request.body);
    return reply.code(201).send(ok(view(row), 'Cashier created.'));
  });

  app.get('/cashiers', {
    config: READ,
    schema: { tags, summary: 'The cashiers, by name (the active ones unless include_inactive=true)', querystring: CashierListQuery, response: { 200: CashierListReply } },
  }, async (request) => {
    const { organization } = requireOrganization(request);
    return ok(cashiersOf(deps, organization.id, request.query.include_inactive === 'true').map(view));
  });

  app.get('/cashiers/:id', {
    config: READ,
    schema: { tags, summary: 'A cashier', params: CashierParams, response: { 200: CashierReply } },
  }, async (request) => {
    const { organization } = requireOrganization(request);
    return ok(view(findCashier(deps, organization.id, pathId(request.params.id))));
  });

  app.put('/cashiers/:id', {
    config: MANAGE,
    schema: { tags, summary: 'Change a cashier\'s name, PIN, role or state (a new PIN clears a lock)', params: CashierParams, body: CashierUpdate, response: { 200: CashierReply } },
  }, async (request) => {
    const { organization } = requireOrganization(request);
    const row = await changeCashier(deps, organization.id, pathId(request.params.id), request.body);
    return ok(view(row), 'Cashier updated.');
  });

  app.delete('/cashiers/:id', {
    config: MANAGE,
    schema: { tags, summary: 'Disable a cashier (kept: documents name it)', params: CashierParams, response: { 200: CashierReply } },
  }, async (request) => {
    const { organization } = requireOrganization(request);
    return ok(view(await disableCashier(deps, organization.id, pathId(request.params.id))), 'Cashier disabled.');
  });
};
