/** Signature headers and the receiver's verification rules (spec "Events"). */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureHeaders, verifyWebhookSignature } from '../../../src/webhooks/signature.ts';

const secret = 'whsec_test';
const body = '{"document_key":"50601012400310112345600100001010000000001100000001","status":"accepted"}';
const t = 1_764_000_000;
const at = (seconds: number) => new Date(seconds * 1000);

describe('signatureHeaders', () => {
  it('signs "<t>.<body>" for V2 and the bare body for the older header, as hex HMAC-SHA256', () => {
    const headers = signatureHeaders(body, secret, t);
    const v2 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    const v1 = createHmac('sha256', secret).update(body).digest('hex');
    expect(headers).toEqual({
      'X-Webhook-Timestamp': String(t),
      'X-Webhook-Signature-V2': `t=${t},v1=${v2}`,
      'X-Webhook-Signature': `sha256=${v1}`,
    });
  });

  it('sends only the timestamp without a secret', () => {
    expect(signatureHeaders(body, null, t)).toEqual({ 'X-Webhook-Timestamp': String(t) });
  });
});

describe('verifyWebhookSignature', () => {
  const header = signatureHeaders(body, secret, t)['X-Webhook-Signature-V2'];

  it('accepts the signature of the same bytes within the tolerance, either side', () => {
    expect(verifyWebhookSignature(body, header, secret, at(t))).toEqual({ valid: true, timestamp: t });
    expect(verifyWebhookSignature(Buffer.from(body), header, secret, at(t + 300)).valid).toBe(true);
    expect(verifyWebhookSignature(body, header, secret, at(t - 300)).valid).toBe(true);
  });

  it('refuses a timestamp more than 5 minutes away from the receiver clock', () => {
    expect(verifyWebhookSignature(body, header, secret, at(t + 301))).toEqual({ valid: false, reason: 'expired' });
    expect(verifyWebhookSignature(body, header, secret, at(t - 301))).toEqual({ valid: false, reason: 'expired' });
    expect(verifyWebhookSignature(body, header, secret, at(t + 60), 30).valid).toBe(false);
  });

  it('refuses a changed body, a wrong secret and a timestamp changed without re-signing', () => {
    expect(verifyWebhookSignature(`${body} `, header, secret, at(t))).toEqual({ valid: false, reason: 'mismatch' });
    expect(verifyWebhookSignature(body, header, 'other', at(t))).toEqual({ valid: false, reason: 'mismatch' });
    const moved = header!.replace(`t=${t}`, `t=${t + 1}`);
    expect(verifyWebhookSignature(body, moved, secret, at(t))).toEqual({ valid: false, reason: 'mismatch' });
  });

  it('refuses missing or malformed headers', () => {
    for (const bad of [undefined, '', 'v1=abc', `t=${t}`, `t=x,v1=${'a'.repeat(64)}`, `t=${t},v1=zz`]) {
      expect(verifyWebhookSignature(body, bad, secret, at(t))).toEqual({ valid: false, reason: 'malformed' });
    }
  });

  it('accepts when any of several v1 values matches (secret rotation on the receiver side)', () => {
    const v1 = header!.split('v1=')[1];
    expect(verifyWebhookSignature(body, `t=${t},v1=${'0'.repeat(64)},v1=${v1}`, secret, at(t)).valid).toBe(true);
  });
});
