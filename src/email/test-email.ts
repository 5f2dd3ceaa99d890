/**
 * POST /settings/smtp/test: one short message through the stored SMTP settings, sent now (not through the
 * outbox), with the server's outcome — so the Settings screen can tell a wrong password from a wrong port.
 */
import { getOrganization } from '../store/organizations.ts';
import { classifySmtpError } from './smtp-errors.ts';
import { loadSmtpSettings, type SecretStore } from './smtp-settings.ts';
import { sendEmail } from './smtp-transport.ts';

export interface TestEmailOutcome {
  sent: boolean;
  messageId: string | null;
  /** The server's final reply when it took the message. */
  response: string | null;
  /** The SMTP reply code of a refusal (null when the connection itself failed). */
  responseCode: number | null;
  error: string | null;
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
    const failure = classifySmtpError(error);
    return { sent: false, messageId: null, response: null, responseCode: failure.responseCode, error: failure.message };
  }
}
