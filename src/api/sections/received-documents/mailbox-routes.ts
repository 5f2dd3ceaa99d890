/**
 * The suppliers' mailbox (docs/received.md): GET/PUT/DELETE /settings/mailbox and POST /settings/mailbox/poll.
 * The password is sealed by the vault and never returned (`has_password`); it follows no change of server.
 * Saving an enabled mailbox has it polled now; after that it is polled every `interval_minutes` (an outbox job,
 * received/poll-mailbox-job.ts). `settings:read` to view, `settings:manage` to change or poll.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Clock } from '../../../domain/clock.ts';
import { AppError } from '../../../domain/errors.ts';
import type { OutboxWorker } from '../../../outbox/worker.ts';
import { configureMailbox, POLL_MAILBOX_JOB } from '../../../received/mailbox-settings.ts';
import { runIntakeNow } from '../../../received/intake-job.ts';
import type { Vault } from '../../../secrets/vault.ts';
import type { Store } from '../../../store/database.ts';
import { deleteMailboxSettings, getMailboxSettings, type MailboxSettingsRow } from '../../../store/mailbox-settings.ts';
import { ok } from '../../envelope.ts';
import { requireOrganization } from '../../route-config.ts';
import { NullDataReply } from '../../schema-types.ts';
import { MailboxInput, MailboxReply } from './mailbox-schemas.ts';

const READ = { key: 'organization', abilities: ['settings:read'] } as const;
const MANAGE = { key: 'organization', abilities: ['settings:manage'] } as const;
const tags = ['received-documents'];

function mailboxView(row: MailboxSettingsRow | undefined) {
  return {
    configured: row !== undefined,
    environment: row?.environment ?? null,
    host: row?.host ?? null,
    port: row?.port ?? null,
    secure: row?.secure ?? false,
    username: row?.username ?? null,
    has_password: row !== undefined,
    folder: row?.folder ?? null,
    processed_folder: row?.processedFolder ?? null,
    interval_minutes: row?.intervalMinutes ?? null,
    enabled: row?.enabled ?? false,
    last_polled_at: row?.lastPolledAt ?? null,
    last_error: row?.lastError ?? null,
    last_result: row?.lastResult ?? null,
  };
}

/** What the mailbox section uses: the store, the vault that seals the password, the clock, the outbox to wake. */
export interface MailboxDependencies {
  store: Pick<Store, 'db' | 'transaction'>;
  vault: Vault;
  clock: Clock;
  outbox: Pick<OutboxWorker, 'wake'>;
}

export const mailboxRoutes: RoutePlugin<MailboxDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/settings/mailbox', {
    config: READ,
    schema: { tags, summary: 'The suppliers\' mailbox and how its last poll went (the password is never returned)', response: { 200: MailboxReply } },
  }, async (request) => ok(mailboxView(getMailboxSettings(deps.store.db, requireOrganization(request).organization.id))));

  app.put('/settings/mailbox', {
    config: MANAGE,
    schema: { tags, summary: 'Set the suppliers\' mailbox (IMAP); an enabled one is polled now', body: MailboxInput, response: { 200: MailboxReply } },
  }, async (request) => {
    const auth = requireOrganization(request);
    const b = request.body;
    const row = configureMailbox(deps, auth.organization.id, {
      environment: auth.environment, host: b.host.trim(), port: b.port, secure: b.secure ?? b.port === 993, username: b.username.trim(),
      ...(b.password !== undefined && { password: b.password }), folder: b.folder?.trim() || 'INBOX', processedFolder: b.processed_folder?.trim() || null,
      intervalMinutes: b.interval_minutes ?? 5, enabled: b.enabled ?? true,
    }, deps.clock.now());
    deps.outbox.wake();
    return ok(mailboxView(row), 'Mailbox saved.');
  });

  app.delete('/settings/mailbox', {
    config: MANAGE,
    schema: { tags, summary: 'Forget the suppliers\' mailbox (its password with it)', response: { 200: NullDataReply } },
  }, async (request) => {
    const removed = deleteMailboxSettings(deps.store.db, requireOrganization(request).organization.id);
    if (!removed) throw new AppError('not_found', 404, 'No mailbox is configured.');
    return ok(null, 'Mailbox removed.');
  });

  app.post('/settings/mailbox/poll', {
    config: MANAGE,
    schema: { tags, summary: 'Read the suppliers\' mailbox now', response: { 202: NullDataReply } },
  }, async (request, reply) => {
    const { organization } = requireOrganization(request);
    const row = getMailboxSettings(deps.store.db, organization.id);
    if (!row?.enabled) throw new AppError('mailbox_not_configured', 422, 'No enabled mailbox is configured (PUT /settings/mailbox).');
    runIntakeNow(deps, POLL_MAILBOX_JOB, organization.id);
    return reply.code(202).send(ok(null, 'The mailbox will be read now.'));
  });
};
