/**
 * POST /settings/smtp/test: one short message through the stored SMTP settings, sent now (not through the
 * outbox), with the server's outcome — so the Settings screen can tell a wrong password from a wrong server.
 *
 * Whoever may change the settings may point them anywhere, so a failure says only what a shopkeeper needs
 * and never how the connection failed: a closed port, a silent one, a service that is not SMTP (its banner)
 * or a refused TLS handshake all give the same message, or the test send would be a port scanner of the
 * shop's network (issue 12). Reply codes are reported only once an SMTP server greeted and the login or the
 * message was refused; a host name that does not resolve is still named, as any resolver would tell.
 */
import type { NodemailerError } from 'nodemailer';
import { getOrganization } from '../store/organizations.ts';
import { loadSmtpSettings, type SecretStore } from './smtp-settings.ts';
import { sendEmail } from './smtp-transport.ts';

export interface TestEmailOutcome {
  sent: boolean;
  messageId: string | null;
  /** The server's final reply when it took the message. */
  response: string | null;
  /** The SMTP reply code of a refused login or message (null for any other failure). */
  responseCode: number | null;
  /** English text of the message catalogue (i18n/server-messages.ts), null on success. */
  error: string | null;
}

/** Nodemailer's codes of a refusal by a server that greeted: the login, or the sender, recipients or message. */
const REFUSALS = new Set(['EAUTH', 'EENVELOPE', 'EMESSAGE']);

function failure(error: unknown): Pick<TestEmailOutcome, 'responseCode' | 'error'> {
  const e = (error ?? {}) as NodemailerError;
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  if (e.code === 'EAUTH' && code !== null) return { responseCode: code, error: 'The mail server refused the user name or password.' };
  if (e.code !== undefined && REFUSALS.has(e.code) && code !== null) return { responseCode: code, error: `The mail server refused the test message (code ${code}).` };
  if (e.code === 'EDNS' && typeof e.message === 'string' && /^getaddrinfo \S+ \S+$/.test(e.message)) return { responseCode: null, error: e.message };
  return { responseCode: null, error: 'Could not send through the mail server: check the host, the port and the security (TLS).' };
}

/** Undefined when the organization has no SMTP settings. */
export async function sendTestEmail(deps: SecretStore, organizationId: number, to: string): Promise<TestEmailOutcome | undefined> {
  const settings = loadSmtpSettings(deps, organizationId);
  if (!settings) return undefined;
  const name = getOrganization(deps.store.db, organizationId)?.name ?? 'Facturador';
  try {
    const sent = await sendEmail(settings, {
      from: { name, address: settings.fromAddress },
      to: [to],
      subject: 'Prueba de correo de Facturador',
      text: `Este es un mensaje de prueba enviado por Facturador con la configuración SMTP de ${name}.\n`,
      attachments: [],
    });
    return { sent: true, messageId: sent.messageId, response: sent.response, responseCode: null, error: null };
  } catch (error) {
    return { sent: false, messageId: null, response: null, ...failure(error) };
  }
}
