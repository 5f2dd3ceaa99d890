/**
 * E-mail a document to 1 to 5 addresses, the receiver's first: in the Documents screen's detail and under
 * the invoice just issued. The caller sends it (each screen keeps its own state of the sending).
 */
import { useState, type FormEvent } from 'react';
import { useT } from './messages.ts';
import { parseRecipients } from './email-recipients.ts';

interface Props {
  /** The receiver's e-mail, offered first (the form starts again when it changes: give it a `key`). */
  defaultEmail: string;
  busy: boolean;
  /** Whom it was queued for, once it was. */
  sentTo: string | null;
  onSend(recipients: string[]): void;
}

export function EmailForm({ defaultEmail, busy, sentTo, onSend }: Props) {
  const t = useT();
  const [to, setTo] = useState(defaultEmail);
  const [invalid, setInvalid] = useState(false);
  const send = (e: FormEvent) => {
    e.preventDefault();
    const recipients = parseRecipients(to);
    setInvalid(recipients === null);
    if (recipients) onSend(recipients);
  };
  return (
    <>
      <form className="email" onSubmit={send}>
        <label>
          {t('docs.emailTo')}
          <input value={to} data-testid="email-to" onChange={(e) => setTo(e.target.value)} autoComplete="off" />
        </label>
        <button type="submit" data-testid="email-send" disabled={busy}>{t('docs.email')}</button>
      </form>
      {invalid && <p className="error">{t('docs.emailInvalid')}</p>}
      {sentTo && <p className="notice" role="status" data-testid="email-queued">{t('docs.emailQueued', { to: sentTo })}</p>}
    </>
  );
}
