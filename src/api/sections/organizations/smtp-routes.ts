/**
 * The organization's outgoing mail server (beyond the spec, for the desktop Settings screen):
 * GET/PUT/DELETE /settings/smtp and POST /settings/smtp/test. The password is stored sealed by the vault and
 * never returned (`has_password` says whether one is stored), and it follows no change of server: a new host,
 * port, user or security needs it again (email/smtp-settings.ts). `settings:read` to view, `settings:manage`
 * to change or test (docs/abilities.md, docs/email.md). One server carries the e-mails of both environments,
 * so changing or removing it is a production setting: a live key or the signed-in owner (403
 * live_key_required for a test key, issue 12); a test key may still read it and send a test message.
 */
import { NullDataReply } from '../../schema-types.ts';
import { SmtpSettingsInput, SmtpSettingsReply, SmtpTestReply, SmtpTestRequest } from './smtp-schemas.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import { languageOf } from '../../request-language.ts';
import { localizeMessage } from '../../../i18n/server-messages.ts';
import type { Language } from '../../../i18n/validation-messages.ts';
import type { Clock } from '../../../domain/clock.ts';
import { AppError } from '../../../domain/errors.ts';
import type { SecretStore } from '../../../email/smtp-settings.ts';
import { ok } from '../../envelope.ts';
import { requireOrganization } from '../../route-config.ts';
import { requestedEnvironment } from '../../requested-environment.ts';
import { storeSmtpSettings } from '../../../email/smtp-settings.ts';
import { sendTestEmail, type TestEmailOutcome } from '../../../email/test-email.ts';
import { deleteSmtpSettings, getSmtpSettings, type SmtpSettingsRow } from '../../../store/smtp-settings.ts';

const READ = { key: 'organization', abilities: ['settings:read'] } as const;
const MANAGE = { key: 'organization', abilities: ['settings:manage'] } as const;
const tags = ['email'];

function smtpView(row: SmtpSettingsRow | undefined) {
  return {
    configured: row !== undefined,
    host: row?.host ?? null,
    port: row?.port ?? null,
    secure: row?.secure ?? false,
    allow_insecure: row?.allowInsecure ?? false,
    username: row?.username ?? null,
    has_password: Boolean(row?.password),
    from_address: row?.fromAddress ?? null,
    updated_at: row?.updatedAt ?? null,
  };
}

/** `error` in the request's language when it is one the catalogue knows (a host name that does not resolve). */
function testView(to: string, outcome: TestEmailOutcome, language: Language) {
  const error = outcome.error === null ? null : localizeMessage(language, outcome.error);
  return { to, sent: outcome.sent, message_id: outcome.messageId, response: outcome.response, response_code: outcome.responseCode, error };
}

const notConfigured = () => new AppError('smtp_not_configured', 422, 'No outgoing mail server is configured (PUT /settings/smtp).');

/** What the SMTP section uses: the store, the vault that seals the password, the clock. */
export interface SmtpDependencies extends SecretStore {
  clock: Clock;
}

export const smtpSettingsRoutes: RoutePlugin<SmtpDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/settings/smtp', {
    config: READ,
    schema: { tags, summary: 'The outgoing mail server (the password is never returned)', response: { 200: SmtpSettingsReply } },
  }, async (request) => ok(smtpView(getSmtpSettings(deps.store.db, requireOrganization(request).organization.id))));

  app.put('/settings/smtp', {
    config: MANAGE,
    schema: { tags, summary: 'Set the outgoing mail server (a live key: it carries production e-mails)', body: SmtpSettingsInput, response: { 200: SmtpSettingsReply } },
  }, async (request) => {
    const auth = requireOrganization(request);
    requestedEnvironment(auth, 'production');
    const { organization } = auth;
    const b = request.body;
    const row = storeSmtpSettings(deps, organization.id, {
      host: b.host.trim(),
      port: b.port,
      secure: b.secure ?? b.port === 465,
      allowInsecure: b.allow_insecure ?? false,
      username: b.username?.trim() || null,
      password: b.password,
      fromAddress: b.from_address,
    }, deps.clock.now());
    return ok(smtpView(row), 'SMTP settings saved.');
  });

  app.delete('/settings/smtp', {
    config: MANAGE,
    schema: { tags, summary: 'Remove the outgoing mail server (a live key); pending e-mails then fail', response: { 200: NullDataReply } },
  }, async (request) => {
    const auth = requireOrganization(request);
    requestedEnvironment(auth, 'production');
    if (!deleteSmtpSettings(deps.store.db, auth.organization.id)) throw new AppError('not_found', 404, 'No SMTP settings are stored.');
    return ok(null, 'SMTP settings removed.');
  });

  app.post('/settings/smtp/test', {
    config: MANAGE,
    schema: { tags, summary: 'Send a test e-mail now; answers what the server said', body: SmtpTestRequest, response: { 200: SmtpTestReply } },
  }, async (request) => {
    const { organization } = requireOrganization(request);
    const outcome = await sendTestEmail(deps, organization.id, request.body.to);
    if (!outcome) throw notConfigured();
    return ok(testView(request.body.to, outcome, languageOf(request)), outcome.sent ? 'Test e-mail sent.' : 'Test e-mail failed.');
  });
};
