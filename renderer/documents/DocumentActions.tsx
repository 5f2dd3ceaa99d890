/**
 * What the shopkeeper does with an open document: e-mail it (POST /documents/{key}/email), start a credit
 * or debit note on the invoice screen, or void it with a credit note (POST /documents/{key}/void), asked
 * twice because it cannot be undone.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useT } from '../i18n/store.ts';
import { NOTE_SOURCES } from '../invoice/document-types.ts';
import { useInvoice } from '../invoice/store.ts';
import { ErrorText } from './ErrorText.tsx';
import { parseRecipients, useDocuments } from './store.ts';
import type { FullDocument } from './types.ts';

/** Types the server voids with a credit note (src/documents/void-request.ts VOIDABLE). */
const VOIDABLE = new Set(['01', '02', '04', '09']);

interface Props {
  detail: FullDocument;
  /** The receiver's e-mail in the signed XML, offered as the first recipient. */
  defaultEmail: string;
  voidState: string | null;
  /** The void went out: the panel shows its state at the top. */
  onVoided(): void;
}

export function DocumentActions({ detail, defaultEmail, voidState, onVoided }: Props) {
  const t = useT();
  const { busy, notice, actionError } = useDocuments();
  const [emailTo, setEmailTo] = useState(defaultEmail);
  const [emailInvalid, setEmailInvalid] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const voidButton = useRef<HTMLButtonElement>(null);
  /** Esc or Cancel in the void form: the keyboard is back on the button that opened it. */
  const cancelVoid = () => {
    setConfirming(false);
    setTimeout(() => voidButton.current?.focus(), 0);
  };

  // Another document opened: its own receiver, no half-asked void.
  useEffect(() => {
    setEmailTo(defaultEmail);
    setEmailInvalid(false);
    setConfirming(false);
    setReason('');
  }, [detail.document_key, defaultEmail]);

  const sendEmail = (e: FormEvent) => {
    e.preventDefault();
    const recipients = parseRecipients(emailTo);
    setEmailInvalid(recipients === null);
    if (recipients) void useDocuments.getState().email(recipients);
  };

  const startNote = (type: '02' | '03') => {
    useInvoice.getState().startNote(type, detail);
    globalThis.location.hash = 'invoice';
  };

  const confirmVoid = async (e: FormEvent) => {
    e.preventDefault();
    if (await useDocuments.getState().voidOpen(reason)) {
      setConfirming(false);
      onVoided();
    }
  };

  const accepted = detail.status === 'accepted';
  const canVoid = accepted && VOIDABLE.has(detail.document_type) && (voidState === null || voidState === 'void_failed');
  return (
    <div className="actions">
      <form className="email" onSubmit={sendEmail}>
        <label>
          {t('docs.emailTo')}
          <input value={emailTo} data-testid="email-to" onChange={(e) => setEmailTo(e.target.value)} autoComplete="off" />
        </label>
        <button type="submit" disabled={busy !== null}>{t('docs.email')}</button>
      </form>
      {emailInvalid && <p className="error">{t('docs.emailInvalid')}</p>}
      {notice?.kind === 'email' && <p className="notice" role="status">{t('docs.emailQueued', { to: notice.text })}</p>}

      {accepted && NOTE_SOURCES.includes(detail.document_type) && (
        <p className="row notes">
          <span>{t('docs.notes')}:</span>
          <button type="button" data-testid="credit-note" onClick={() => startNote('03')}>{t('docs.creditNote')}</button>
          <button type="button" data-testid="debit-note" onClick={() => startNote('02')}>{t('docs.debitNote')}</button>
        </p>
      )}

      {canVoid && !confirming && <button ref={voidButton} type="button" className="danger" data-testid="void" onClick={() => setConfirming(true)}>{t('docs.void')}</button>}
      {canVoid && confirming && (
        <form className="void" onSubmit={(e) => void confirmVoid(e)} data-testid="void-form">
          <p>{t('docs.voidExplain')}</p>
          <label>
            {t('docs.voidReason')}
            <input value={reason} maxLength={180} data-testid="void-reason" autoFocus onChange={(e) => setReason(e.target.value)} onKeyDown={(e) => e.key === 'Escape' && cancelVoid()} />
          </label>
          <button type="submit" className="danger" data-testid="void-confirm" disabled={busy !== null}>{t('docs.voidConfirm')}</button>
          <button type="button" onClick={cancelVoid}>{t('docs.cancel')}</button>
        </form>
      )}
      {actionError && <ErrorText error={actionError} />}
    </div>
  );
}
