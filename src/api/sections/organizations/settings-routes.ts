/**
 * Organization settings: consecutive-number counters (/organizations/me/consecutives) and branding
 * (/organizations/me/branding). Organization key; `settings:read` to view, `settings:manage` to change.
 * The rules of a change are the use cases' (organizations/move-counter.ts, organizations/change-branding.ts).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Clock } from '../../../domain/clock.ts';
import type { Store } from '../../../store/database.ts';
import { FileReply } from '../../schema-types.ts';
import { BrandingInput, BrandingReply, CounterInput, CounterListReply, CounterQuery, CounterReply } from './settings-schemas.ts';
import { brandingView, counterView } from './settings-views.ts';
import { notFound } from '../../errors.ts';
import { ok } from '../../envelope.ts';
import { requireOrganization } from '../../route-config.ts';
import { assertSharedSettingsChange, requestedEnvironment } from '../../requested-environment.ts';
import { changeBranding } from '../../../organizations/change-branding.ts';
import { moveCounterForward } from '../../../organizations/move-counter.ts';
import { listCounters } from '../../../store/counters.ts';
import { getBranding } from '../../../store/brandings.ts';

const READ = { key: 'organization', abilities: ['settings:read'] } as const;
const MANAGE = { key: 'organization', abilities: ['settings:manage'] } as const;

/** What the settings section uses: the store and the clock. */
export interface SettingsDependencies {
  store: Pick<Store, 'db' | 'transaction'>;
  clock: Clock;
}

export const settingsRoutes: RoutePlugin<SettingsDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = deps.store.db;

  app.get('/organizations/me/consecutives', {
    config: READ,
    schema: { tags: ['consecutives'], summary: 'Counters of an environment', querystring: CounterQuery, response: { 200: CounterListReply } },
  }, async (request) => {
    const auth = requireOrganization(request);
    const environment = requestedEnvironment(auth, request.query.environment);
    return ok(listCounters(db, auth.organization.id, environment).map(counterView));
  });

  app.put('/organizations/me/consecutives', {
    config: MANAGE,
    schema: { tags: ['consecutives'], summary: 'Move a counter forward', body: CounterInput, response: { 200: CounterReply } },
  }, async (request) => {
    const auth = requireOrganization(request);
    const b = request.body;
    const environment = requestedEnvironment(auth, b.environment);
    const row = moveCounterForward(deps, {
      organizationId: auth.organization.id, environment, branch: b.branch, terminal: b.terminal, documentType: b.document_type, nextValue: b.next_value,
    });
    return ok(counterView(row), 'Counter updated.');
  });

  app.get('/organizations/me/branding', {
    config: READ,
    schema: { tags: ['branding'], summary: 'Branding of PDFs and e-mails', response: { 200: BrandingReply } },
  }, async (request) => ok(brandingView(getBranding(db, requireOrganization(request).organization.id))));

  // Beyond the spec: the stored logo itself, so that the Settings screen can show what PDFs will carry.
  app.get('/organizations/me/branding/logo', {
    config: READ,
    schema: { tags: ['branding'], summary: 'The stored logo (image bytes); 404 when there is none', response: { 200: FileReply('the logo', 'image/png', 'image/jpeg') } },
  }, async (request, reply) => {
    const row = getBranding(db, requireOrganization(request).organization.id);
    if (!row?.logo) throw notFound('Logo');
    return reply.type(row.logoMime ?? 'application/octet-stream').header('Cache-Control', 'no-store').send(row.logo);
  });

  app.put('/organizations/me/branding', {
    config: MANAGE,
    schema: { tags: ['branding'], summary: 'Change the branding (members not sent keep their value)', body: BrandingInput, response: { 200: BrandingReply } },
  }, async (request) => {
    const auth = requireOrganization(request);
    assertSharedSettingsChange(auth);
    const b = request.body;
    const row = await changeBranding(deps, auth.organization.id, {
      color: b.color, emailReplyTo: b.email_reply_to, emailSenderName: b.email_sender_name, footer: b.footer, logo: b.logo,
    });
    return ok(brandingView(row), 'Branding updated.');
  });
};
