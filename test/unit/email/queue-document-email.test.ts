/**
 * email/queue-document-email.ts on a real store: no e-mail without an outgoing mail server; the e-mail row
 * and its send job are written together (each address once) or not at all; the outbox is woken.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { emailDocumentNow } from '../../../src/email/queue-document-email.ts';
import { saveSmtpSettings } from '../../../src/store/smtp-settings.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { clock, fixture, type Fixture } from '../../helpers/use-case-store.ts';

let f: Fixture;
afterEach(() => f?.store.close());

function withSmtp(): Fixture {
  f = fixture();
  const at = clock.now().toISOString();
  saveSmtpSettings(f.store.db, { organizationId: f.organization.id, host: 'smtp.example.cr', port: 587, fromAddress: 'facturas@example.cr', createdAt: at, updatedAt: at });
  return f;
}

describe('emailDocumentNow', () => {
  it('refuses 422 smtp_not_configured without an outgoing mail server, writing nothing', () => {
    f = fixture();
    const document = f.document();
    const error = (() => { try { emailDocumentNow({ ...f, clock }, document, ['a@b.cr']); } catch (e) { return e; } })();
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'smtp_not_configured', status: 422 });
    expect([f.count('document_emails'), f.count('outbox_jobs'), f.outbox.wakes]).toEqual([0, 0, 0]);
  });

  it('writes the e-mail, each address once, with its send job, and wakes the outbox', () => {
    withSmtp();
    const document = f.document();
    const email = emailDocumentNow({ ...f, clock }, document, ['a@b.cr', 'c@d.cr', 'a@b.cr']);
    expect(email).toMatchObject({ documentId: document.id, recipients: ['a@b.cr', 'c@d.cr'], reason: 'request', status: 'pending', createdAt: clock.now().toISOString() });
    const job = f.store.db.$client.prepare('SELECT kind, payload FROM outbox_jobs').all() as { kind: string; payload: string }[];
    expect(job).toEqual([{ kind: 'send_email', payload: JSON.stringify({ emailId: email.id }) }]);
    expect(f.outbox.wakes).toBe(1);
  });

  it('leaves no e-mail behind when its job cannot be written (one transaction)', () => {
    withSmtp();
    const document = f.document();
    f.failJobs();
    expect(() => emailDocumentNow({ ...f, clock }, document, ['a@b.cr'])).toThrow(/disk full/);
    expect([f.count('document_emails'), f.count('outbox_jobs'), f.outbox.wakes]).toEqual([0, 0, 0]);
  });
});
