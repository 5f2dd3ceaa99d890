/** Which failed sends are retried: the reply code decides, else the kind of connection failure. */
import { describe, expect, it } from 'vitest';
import { classifySmtpError } from '../../../src/email/smtp-errors.ts';

const error = (fields: Record<string, unknown>) => Object.assign(new Error('failed'), fields);

describe('classifySmtpError', () => {
  it('retries 4xx replies and 503, stops on the other 5xx', () => {
    expect(classifySmtpError(error({ code: 'EENVELOPE', responseCode: 450 })).permanent).toBe(false);
    expect(classifySmtpError(error({ code: 'EPROTOCOL', responseCode: 503 })).permanent).toBe(false);
    expect(classifySmtpError(error({ code: 'EENVELOPE', responseCode: 550 }))).toEqual({ permanent: true, responseCode: 550, message: 'failed' });
    expect(classifySmtpError(error({ code: 'EAUTH', responseCode: 535 })).permanent).toBe(true);
  });

  it('follows nodemailer\'s own verdict on the reply when it gives one', () => {
    expect(classifySmtpError(error({ responseCode: 554, permanent: false })).permanent).toBe(false);
  });

  it('retries connections refused, dropped or timed out; stops on configuration errors', () => {
    for (const code of ['ESOCKET', 'ECONNECTION', 'ETIMEDOUT', 'EDNS']) expect(classifySmtpError(error({ code })).permanent, code).toBe(false);
    for (const code of ['ETLS', 'ENOAUTH', 'ECONFIG']) expect(classifySmtpError(error({ code })).permanent, code).toBe(true);
    expect(classifySmtpError('plain text').permanent).toBe(true);
  });
});
