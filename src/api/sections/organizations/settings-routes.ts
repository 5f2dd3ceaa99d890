/**
 * Organization settings: consecutive-number counters (/organizations/me/consecutives) and branding
 * (/organizations/me/branding). Organization key; `settings:read` to view, `settings:manage` to change.
 */
import { Type } from 'typebox';
import { FileReply } from '../../schema-types.ts';
import { BrandingReply, CounterListReply, CounterReply } from './settings-schemas.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Core } from '../../../core.ts';
import { ApiError, notFound } from '../../errors.ts';
import { ok } from '../../envelope.ts';
import { requireOrganization } from '../../route-config.ts';
import { assertSharedSettingsChange, requestedEnvironment } from '../../requested-environment.ts';
import { readLogo } from '../../../organizations/logo.ts';
import { advanceCounter, getCounter, listCounters, type CounterRow } from '../../../store/counters.ts';
import { getBranding, saveBranding, type BrandingChanges, type BrandingRow } from '../../../store/brandings.ts';

const READ = { key: 'organization', abilities: ['settings:read'] } as const;
const MANAGE = { key: 'organization', abilities: ['settings:manage'] } as const;
const EnvironmentName = Type.Enum(['staging', 'production'], { description: 'default: the environment of the key' });

const CounterInput = Type.Object({
  branch: Type.String({ pattern: '^\\d{1,3}$', description: 'sucursal, stored as 3 digits' }),
  terminal: Type.String({ pattern: '^\\d{1,5}$', description: 'punto de venta, stored as 5 digits' }),
  document_type: Type.String({ pattern: '^(0[1-9]|10)$' }),
  next_value: Type.Integer({ minimum: 1, maximum: 9_999_999_999, description: 'the number the next document will use' }),
  environment: Type.Optional(EnvironmentName),
});

const BrandingInput = Type.Object({
  color: Type.Optional(Type.String({ pattern: '^(#[0-9A-Fa-f]{6})?$', description: '"" clears' })),
  email_reply_to: Type.Optional(Type.String({ maxLength: 255, pattern: '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', description: 'e-mail; "" clears' })),
  email_sender_name: Type.Optional(Type.String({ maxLength: 100 })),
  footer: Type.Optional(Type.String({ maxLength: 300 })),
  logo: Type.Optional(Type.String({ description: 'PNG or JPEG, base64, at most 512 KB and 4000 pixels a side, 4 megapixels in all (422 invalid_logo otherwise); "" removes it' })),
});

function counterView(row: CounterRow) {
  return {
    branch: row.branch,
    terminal: row.terminal,
    document_type: row.documentType,
    environment: row.environment,
    next_value: row.nextValue,
    updated_at: row.updatedAt,
  };
}

function brandingView(row: BrandingRow | undefined) {
  return {
    color: row?.color ?? null,
    email_reply_to: row?.emailReplyTo ?? null,
    email_sender_name: row?.emailSenderName ?? null,
    footer: row?.footer ?? null,
    has_logo: Boolean(row?.logo),
  };
}

/** Only the members sent change; an empty string clears. */
async function brandingChanges(b: { color?: string; email_reply_to?: string; email_sender_name?: string; footer?: string; logo?: string }): Promise<BrandingChanges> {
  const text = (value: string | undefined) => (value === undefined ? undefined : value.trim() || null);
  const changes: BrandingChanges = {
    color: text(b.color),
    emailReplyTo: text(b.email_reply_to),
    emailSenderName: text(b.email_sender_name),
    footer: text(b.footer),
  };
  if (b.logo !== undefined) {
    const logo = await readLogo(b.logo);
    changes.logo = logo?.bytes ?? null;
    changes.logoMime = logo?.mime ?? null;
  }
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
}

function setCounter(core: Core, organizationId: number, environment: string, input: { branch: string; terminal: string; document_type: string; next_value: number }): CounterRow {
  const key = { organizationId, environment, branch: input.branch.padStart(3, '0'), terminal: input.terminal.padStart(5, '0'), documentType: input.document_type };
  const row = advanceCounter(core.store.db, key, input.next_value, core.clock.now());
  if (row) return row;
  const current = getCounter(core.store.db, key)?.nextValue;
  throw new ApiError('counter_backwards', 422,
    `The counter is already at ${current}; it can only move forward (a lower number could repeat a consecutive).`);
}

export const settingsRoutes: RoutePlugin = (core) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/organizations/me/consecutives', {
    config: READ,
    schema: { tags: ['consecutives'], summary: 'Counters of an environment', querystring: Type.Object({ environment: Type.Optional(EnvironmentName) }), response: { 200: CounterListReply } },
  }, async (request) => {
    const auth = requireOrganization(request);
    const environment = requestedEnvironment(auth, request.query.environment);
    return ok(listCounters(core.store.db, auth.organization.id, environment).map(counterView));
  });

  app.put('/organizations/me/consecutives', {
    config: MANAGE,
    schema: { tags: ['consecutives'], summary: 'Move a counter forward', body: CounterInput, response: { 200: CounterReply } },
  }, async (request) => {
    const auth = requireOrganization(request);
    const environment = requestedEnvironment(auth, request.body.environment);
    return ok(counterView(setCounter(core, auth.organization.id, environment, request.body)), 'Counter updated.');
  });

  app.get('/organizations/me/branding', {
    config: READ,
    schema: { tags: ['branding'], summary: 'Branding of PDFs and e-mails', response: { 200: BrandingReply } },
  }, async (request) => ok(brandingView(getBranding(core.store.db, requireOrganization(request).organization.id))));

  // Beyond the spec: the stored logo itself, so that the Settings screen can show what PDFs will carry.
  app.get('/organizations/me/branding/logo', {
    config: READ,
    schema: { tags: ['branding'], summary: 'The stored logo (image bytes); 404 when there is none', response: { 200: FileReply('the logo', 'image/png', 'image/jpeg') } },
  }, async (request, reply) => {
    const row = getBranding(core.store.db, requireOrganization(request).organization.id);
    if (!row?.logo) throw notFound('Logo');
    return reply.type(row.logoMime ?? 'application/octet-stream').header('Cache-Control', 'no-store').send(row.logo);
  });

  app.put('/organizations/me/branding', {
    config: MANAGE,
    schema: { tags: ['branding'], summary: 'Change the branding (members not sent keep their value)', body: BrandingInput, response: { 200: BrandingReply } },
  }, async (request) => {
    const auth = requireOrganization(request);
    assertSharedSettingsChange(auth);
    const row = saveBranding(core.store.db, auth.organization.id, await brandingChanges(request.body), core.clock.now());
    return ok(brandingView(row), 'Branding updated.');
  });
};
