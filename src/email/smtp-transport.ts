/**
 * Sends one message through the organization's SMTP server (nodemailer), with timeouts short enough that
 * a send always ends well inside the outbox lease (60 s), so a slow server can never make a second
 * worker pick the same job up while the first is still talking to it.
 */
import { createTransport } from 'nodemailer';
import type { SmtpSettings } from './smtp-settings.ts';

export interface EmailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** A message as composed here, independent of the mail library. */
export interface OutgoingEmail {
  from: { name: string; address: string };
  replyTo?: string;
  to: string[];
  subject: string;
  text: string;
  /** An HTML alternative of `text`, for mail readers that show HTML. */
  html?: string;
  attachments: EmailAttachment[];
}

export interface SendOutcome {
  messageId: string | null;
  /** The server's final reply, e.g. `250 OK: queued as …`. */
  response: string;
  /** Recipients the server refused while it took the message for the others. */
  rejected: string[];
}

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 };

export async function sendEmail(settings: SmtpSettings, email: OutgoingEmail): Promise<SendOutcome> {
  const transport = createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    // Without TLS from the first byte, STARTTLS is required (no login or message in clear) unless the
    // operator opted out; certificates are verified either way (Node's default).
    requireTLS: !settings.secure && !settings.allowInsecure,
    auth: settings.username ? { user: settings.username, pass: settings.password ?? '' } : undefined,
    ...TIMEOUTS,
  });
  try {
    const info = await transport.sendMail({
      ...email,
      // base64 keeps every byte of the signed XML as it is: no line-length or line-ending rewriting.
      attachments: email.attachments.map((a) => ({ ...a, contentTransferEncoding: 'base64' })),
    });
    return { messageId: info.messageId ?? null, response: info.response, rejected: info.rejected.map(String) };
  } finally {
    transport.close();
  }
}
