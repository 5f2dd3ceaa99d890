/**
 * Webhook signatures (spec "Events", delivery headers and receiver rules):
 * `X-Webhook-Signature-V2: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` binds the body to the
 * signing time, so a captured delivery cannot be replayed after the 5-minute tolerance;
 * `X-Webhook-Signature: sha256=<hex HMAC-SHA256(secret, body)>` is the older form, kept for receivers that
 * still check it. Without a secret neither is sent.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text, 'utf8').digest('hex');

/** Headers that carry the signing time and signatures of one attempt; `timestamp` in Unix seconds. */
export function signatureHeaders(rawBody: string, secret: string | null, timestamp: number): Record<string, string> {
  const headers: Record<string, string> = { 'X-Webhook-Timestamp': String(timestamp) };
  if (secret === null) return headers;
  headers['X-Webhook-Signature-V2'] = `t=${timestamp},v1=${hmacHex(secret, `${timestamp}.${rawBody}`)}`;
  headers['X-Webhook-Signature'] = `sha256=${hmacHex(secret, rawBody)}`;
  return headers;
}

export type VerifyResult = { valid: true; timestamp: number } | { valid: false; reason: 'malformed' | 'expired' | 'mismatch' };

function parseV2(header: string): { t: number; v1: string[] } | undefined {
  let t: number | undefined;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === 't' && /^\d{1,15}$/.test(value)) t = Number(value);
    if (name === 'v1' && /^[0-9a-f]{64}$/i.test(value)) v1.push(value.toLowerCase());
  }
  return t === undefined || v1.length === 0 ? undefined : { t, v1 };
}

/**
 * What a receiver does with the V2 header: read `t` and `v1`, refuse a `t` more than `toleranceSeconds`
 * away from its own clock, and compare the HMAC in constant time. `now` is the receiver's clock.
 */
export function verifyWebhookSignature(rawBody: string | Buffer, header: string | undefined, secret: string, now: Date, toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS): VerifyResult {
  const parsed = header === undefined ? undefined : parseV2(header);
  if (!parsed) return { valid: false, reason: 'malformed' };
  if (Math.abs(Math.floor(now.getTime() / 1000) - parsed.t) > toleranceSeconds) return { valid: false, reason: 'expired' };
  const body = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
  const expected = Buffer.from(hmacHex(secret, `${parsed.t}.${body}`), 'hex');
  const matches = parsed.v1.some((candidate) => timingSafeEqual(expected, Buffer.from(candidate, 'hex')));
  return matches ? { valid: true, timestamp: parsed.t } : { valid: false, reason: 'mismatch' };
}
