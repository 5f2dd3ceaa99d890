/**
 * A till's shifts (docs/tills.md, "Shifts"): open with a float, cash in and out, close with the count, the
 * till's open shift, the list, and the reports (report-routes.ts). `shifts:read` to read, `shifts:write` to
 * open, move cash and close; a cashier acts on its own shift only (tills/shift-access.ts). Another
 * organization's or environment's shift is answered as a missing one (404 shift_not_found).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Clock } from '../../../domain/clock.ts';
import type { Store } from '../../../store/database.ts';
import { cashierNames } from '../../../store/cashiers.ts';
import { listShifts, type ShiftScope } from '../../../store/shifts.ts';
import { closeShift, currentShift, findShift, openShift, recordMovement, tillOf } from '../../../tills/shifts.ts';
import type { ShiftActor } from '../../../tills/shift-access.ts';
import { costaRicaDay } from '../../../tills/daily-report.ts';
import { parameterError } from '../../../domain/errors.ts';
import { pathId } from '../../path-id.ts';
import { ok } from '../../envelope.ts';
import { requireOrganization } from '../../route-config.ts';
import {
  CloseBody, CurrentQuery, MovementBody, MovementReply, OpenShiftBody, ShiftListQuery, ShiftListReply, ShiftParams, ShiftReply,
} from './schemas.ts';
import { movementView, peopleOf, shiftListItemView, shiftView } from './views.ts';

export const SHIFTS_READ = { key: 'organization', abilities: ['shifts:read'] } as const;
const WRITE = { key: 'organization', abilities: ['shifts:write'] } as const;

export interface ShiftDependencies {
  store: Store;
  clock: Clock;
}

/** `from`/`to` of the list: Costa Rica days, refused as the day's Z refuses its date (400 with the field). */
function listDays(from: string | undefined, to: string | undefined): { from?: string; to?: string } {
  const start = from === undefined ? undefined : costaRicaDay(from);
  const end = to === undefined ? undefined : costaRicaDay(to);
  const problems: Record<string, string[]> = {};
  if (from !== undefined && !start) problems['from'] = ['Must be a date, YYYY-MM-DD.'];
  if (to !== undefined && !end) problems['to'] = ['Must be a date, YYYY-MM-DD.'];
  if (Object.keys(problems).length > 0) throw parameterError('invalid_request', problems);
  return { from: start?.from, to: end?.to };
}

export function shiftScope(request: FastifyRequest): { scope: ShiftScope; actor: ShiftActor } {
  const auth = requireOrganization(request);
  return {
    scope: { organizationId: auth.organization.id, environment: auth.environment },
    actor: { cashier: auth.cashier, approvedBy: auth.approvedBy },
  };
}

export const shiftRoutes: RoutePlugin<ShiftDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['shifts'];
  const db = deps.store.db;
  const names = (scope: ShiftScope, ids: (number | null)[]) => cashierNames(db, scope.organizationId, ids.filter((id): id is number => id !== null));

  app.post('/shifts', {
    config: WRITE,
    schema: { tags, summary: 'Open a shift on a till with its opening float (one open shift per till)', body: OpenShiftBody, response: { 201: ShiftReply } },
  }, async (request, reply) => {
    const { scope, actor } = shiftScope(request);
    const row = openShift(deps, scope, actor, request.body);
    return reply.code(201).send(ok(shiftView(row, names(scope, peopleOf([row]))), 'Shift opened.'));
  });

  app.get('/shifts', {
    config: SHIFTS_READ,
    schema: { tags, summary: 'Shifts, newest first, with a cursor', querystring: ShiftListQuery, response: { 200: ShiftListReply } },
  }, async (request) => {
    const { scope, actor } = shiftScope(request);
    const q = request.query;
    const limit = Number(q.limit ?? 20);
    const till = q.terminal ? tillOf(q.terminal, q.branch) : undefined;
    const days = listDays(q.from, q.to);
    const asked = q.cashier_id === undefined ? undefined : Number(q.cashier_id);
    // A cashier lists its own shifts only: a list item carries the count and the difference (the Z's).
    const own = actor.cashier?.role === 'cashier' ? actor.cashier.id : undefined;
    if (own !== undefined && asked !== undefined && asked !== own) return { ...ok([], undefined, deps.clock.now()), next_cursor: null };
    const rows = listShifts(db, scope, {
      state: q.state,
      branch: till?.branch ?? (q.branch ? q.branch.padStart(3, '0') : undefined),
      terminal: till?.terminal,
      cashierId: own ?? asked,
      from: days.from,
      to: days.to,
      before: q.cursor === undefined ? undefined : Number(q.cursor),
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const people = names(scope, peopleOf(page));
    return { ...ok(page.map((r) => shiftListItemView(r, people)), undefined, deps.clock.now()), next_cursor: rows.length > limit ? String(page[page.length - 1]!.id) : null };
  });

  app.get('/shifts/current', {
    config: SHIFTS_READ,
    schema: { tags, summary: 'The open shift of a till (404 no_open_shift)', querystring: CurrentQuery, response: { 200: ShiftReply } },
  }, async (request) => {
    const { scope } = shiftScope(request);
    const row = currentShift(deps, scope, request.query.terminal, request.query.branch);
    return ok(shiftView(row, names(scope, peopleOf([row]))));
  });

  app.get('/shifts/:id', {
    config: SHIFTS_READ,
    schema: { tags, summary: 'One shift; once closed, with its Z figures', params: ShiftParams, response: { 200: ShiftReply } },
  }, async (request) => {
    const { scope, actor } = shiftScope(request);
    const row = findShift(deps, scope, actor, pathId(request.params.id));
    return ok(shiftView(row, names(scope, peopleOf([row]))));
  });

  app.post('/shifts/:id/movements', {
    config: WRITE,
    schema: { tags, summary: 'Put cash into the drawer or take it out, with the reason (409 shift_closed)', params: ShiftParams, body: MovementBody, response: { 201: MovementReply } },
  }, async (request, reply) => {
    const { scope, actor } = shiftScope(request);
    const row = recordMovement(deps, scope, actor, pathId(request.params.id), request.body);
    return reply.code(201).send(ok(movementView(row, names(scope, [row.cashierId])), 'Cash movement recorded.'));
  });

  app.post('/shifts/:id/close', {
    config: WRITE,
    schema: { tags, summary: 'Close the shift with the count per payment method; answers the shift with its Z figures', params: ShiftParams, body: Type.Optional(CloseBody), response: { 200: ShiftReply } },
  }, async (request) => {
    const { scope, actor } = shiftScope(request);
    const shift = closeShift(deps, scope, actor, pathId(request.params.id), request.body ?? {});
    return ok(shiftView(shift, names(scope, peopleOf([shift]))), 'Shift closed.');
  });
};
