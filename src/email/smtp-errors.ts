/**
 * Whether a failed send is worth retrying. The server's reply decides when there is one (RFC 5321:
 * 4yz transient, 5yz permanent, 503 aside); without a reply, a connection that could not be made, was
 * dropped or timed out is transient, and anything else (bad configuration, TLS refused, no credentials)
 * would fail the same way again.
 */
import type { NodemailerError } from 'nodemailer';

export interface SmtpFailure {
  permanent: boolean;
  responseCode: number | null;
  message: string;
}

const TRANSIENT_CODES = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ECONNREFUSED', 'ECONNRESET']);

export function classifySmtpError(error: unknown): SmtpFailure {
  const e = (error ?? {}) as NodemailerError;
  const message = e.message || String(error);
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : null;
  if (responseCode !== null) {
    const permanent = e.permanent ?? (responseCode >= 500 && responseCode !== 503);
    return { permanent, responseCode, message };
  }
  return { permanent: !TRANSIENT_CODES.has(e.code ?? ''), responseCode: null, message };
}
