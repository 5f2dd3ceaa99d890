/**
 * The e-mail digest of suppliers' documents whose answer deadline is near (received/deadline-digest-job.ts
 * chooses them): one Spanish message, plain text with a simple HTML table beside it, the nearest deadline first,
 * sent through the organization's SMTP server. Composing is pure; `sendDeadlineDigest` loads the server and
 * says whether a failure is worth trying again (smtp-errors.ts), so the job decides when.
 */
import { displayAmount } from '../domain/amount-text.ts';
import { getOrganization } from '../store/organizations.ts';
import { classifySmtpError } from './smtp-errors.ts';
import { loadSmtpSettings, type SecretStore } from './smtp-settings.ts';
import { sendEmail, type OutgoingEmail } from './smtp-transport.ts';

/** One document of the digest, as the job hands it over. */
export interface DigestDocument {
  clave: string;
  consecutive: string;
  supplierName: string;
  supplierIdentification: string;
  /** Decimal text, as the supplier's document states it. */
  total: string;
  currency: string;
  /** YYYY-MM-DD: the last day an answer is on time. */
  answerDue: string;
  /** Business days left, today included when it is one. */
  businessDaysLeft: number;
}

export interface DeadlineDigest {
  recipients: string[];
  /** YYYY-MM-DD, Costa Rica: the day of the digest. */
  day: string;
  documents: DigestDocument[];
}

export type DigestSendOutcome = { sent: true } | { sent: false; permanent: boolean; message: string };

/** `2026-05-12` -> `12/05/2026`, as dates are shown to people here. */
const shownDate = (isoDay: string) => isoDay.split('-').reverse().join('/');

/** How long is left, in the shopkeeper's words. */
function left(d: DigestDocument, day: string): string {
  if (d.answerDue === day) return 'vence hoy';
  return d.businessDaysLeft === 1 ? 'queda 1 día hábil' : `quedan ${d.businessDaysLeft} días hábiles`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function composeDeadlineDigest(digest: DeadlineDigest, organization: { name: string }, fromAddress: string): OutgoingEmail {
  const n = digest.documents.length;
  const heading = n === 1
    ? 'Hay 1 factura de proveedor por aceptar o rechazar antes de que venza su plazo.'
    : `Hay ${n} facturas de proveedores por aceptar o rechazar antes de que venza su plazo.`;
  const lines = digest.documents.map((d) =>
    `- ${d.supplierName} (${d.supplierIdentification}), comprobante ${d.consecutive}: ${d.currency} ${displayAmount(d.total)}. Último día: ${shownDate(d.answerDue)} (${left(d, digest.day)}).`);
  const footer = 'Si no se responde a tiempo, la ley la da por aceptada en su totalidad. Puede responderlas en Facturador, en la pantalla Compras.';
  const text = [`${organization.name}`, '', heading, '', ...lines, '', footer, ''].join('\n');
  const rows = digest.documents.map((d) => `<tr><td>${escapeHtml(d.supplierName)}</td><td>${escapeHtml(d.consecutive)}</td>`
    + `<td style="text-align:right">${escapeHtml(d.currency)} ${displayAmount(d.total)}</td><td>${shownDate(d.answerDue)}</td><td>${left(d, digest.day)}</td></tr>`);
  const html = [
    `<p><strong>${escapeHtml(organization.name)}</strong></p>`,
    `<p>${heading}</p>`,
    '<table border="1" cellpadding="4" cellspacing="0">',
    '<thead><tr><th>Proveedor</th><th>Comprobante</th><th>Total</th><th>Último día</th><th>Plazo</th></tr></thead>',
    `<tbody>${rows.join('')}</tbody>`,
    '</table>',
    `<p>${footer}</p>`,
  ].join('\n');
  return {
    from: { name: organization.name, address: fromAddress },
    to: digest.recipients,
    subject: n === 1 ? 'Compras: 1 factura por responder pronto' : `Compras: ${n} facturas por responder pronto`,
    text,
    html,
    attachments: [],
  };
}

/** Sends the digest through the organization's SMTP server; never throws. */
export async function sendDeadlineDigest(deps: SecretStore, organizationId: number, digest: DeadlineDigest): Promise<DigestSendOutcome> {
  const organization = getOrganization(deps.store.db, organizationId);
  if (!organization) return { sent: false, permanent: true, message: 'the organization no longer exists' };
  let settings;
  try {
    settings = loadSmtpSettings(deps, organizationId);
  } catch (error) {
    return { sent: false, permanent: true, message: `the SMTP password cannot be opened: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!settings) return { sent: false, permanent: true, message: 'smtp_not_configured: the organization has no SMTP settings' };
  try {
    await sendEmail(settings, composeDeadlineDigest(digest, organization, settings.fromAddress));
    return { sent: true };
  } catch (error) {
    const failure = classifySmtpError(error);
    return { sent: false, permanent: failure.permanent, message: failure.message };
  }
}
