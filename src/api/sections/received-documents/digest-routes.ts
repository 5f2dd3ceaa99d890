/**
 * The deadline digest (docs/received.md): GET/PUT/DELETE /settings/received-digest. An enabled digest e-mails,
 * once a day and only when there is something to say, the documents whose answer is due within `days_before`
 * business days (received/deadline-digest-job.ts), through the organization's SMTP settings.
 * `settings:read` to view, `settings:manage` to change.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Clock } from '../../../domain/clock.ts';
import { AppError } from '../../../domain/errors.ts';
import type { OutboxWorker } from '../../../outbox/worker.ts';
import { configureDigest, DEFAULT_DAYS_BEFORE } from '../../../received/digest-settings.ts';
import type { Store } from '../../../store/database.ts';
import { deleteDigestSettings, getDigestSettings, type DigestSettingsRow } from '../../../store/received-digest-settings.ts';
import { ok } from '../../envelope.ts';
import { requireOrganization } from '../../route-config.ts';
import { NullDataReply } from '../../schema-types.ts';
import { DigestInput, DigestReply } from './deadline-schemas.ts';

const READ = { key: 'organization', abilities: ['settings:read'] } as const;
const MANAGE = { key: 'organization', abilities: ['settings:manage'] } as const;
const tags = ['received-documents'];

function digestView(row: DigestSettingsRow | undefined) {
  return {
    configured: row !== undefined,
    environment: row?.environment ?? null,
    enabled: row?.enabled ?? false,
    recipients: row?.recipients ?? [],
    days_before: row?.daysBefore ?? DEFAULT_DAYS_BEFORE,
    last_sent_on: row?.lastSentOn ?? null,
    last_error: row?.lastError ?? null,
  };
}

/** The store, the clock, and the outbox to wake when the digest should go now. */
export interface DigestDependencies {
  store: Pick<Store, 'db' | 'transaction'>;
  clock: Clock;
  outbox: Pick<OutboxWorker, 'wake'>;
}

export const digestRoutes: RoutePlugin<DigestDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/settings/received-digest', {
    config: READ,
    schema: { tags, summary: 'The e-mail digest of suppliers\' documents nearing their answer deadline', response: { 200: DigestReply } },
  }, async (request) => ok(digestView(getDigestSettings(deps.store.db, requireOrganization(request).organization.id))));

  app.put('/settings/received-digest', {
    config: MANAGE,
    schema: { tags, summary: 'Set the deadline digest: who gets it and how many business days ahead', body: DigestInput, response: { 200: DigestReply } },
  }, async (request) => {
    const auth = requireOrganization(request);
    const b = request.body;
    const row = configureDigest(deps, auth.organization.id, {
      environment: auth.environment, enabled: b.enabled ?? true, recipients: b.recipients, daysBefore: b.days_before ?? DEFAULT_DAYS_BEFORE,
    });
    deps.outbox.wake();
    return ok(digestView(row), 'Deadline digest saved.');
  });

  app.delete('/settings/received-digest', {
    config: MANAGE,
    schema: { tags, summary: 'Stop the deadline digest', response: { 200: NullDataReply } },
  }, async (request) => {
    const removed = deleteDigestSettings(deps.store.db, requireOrganization(request).organization.id);
    if (!removed) throw new AppError('not_found', 404, 'No deadline digest is configured.');
    return ok(null, 'Deadline digest removed.');
  });
};
