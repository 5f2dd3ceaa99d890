/**
 * What the shopkeeper does with an open document: e-mail it (POST /documents/{key}/email), start a credit
 * or debit note on the invoice screen, or void it with a credit note for what is left of its balance
 * (POST /documents/{key}/void), asked twice because it cannot be undone. Once nothing is left to credit,
 * neither a credit note nor a void is offered (a debit note still is).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLanguage } from '../i18n/store.ts';
import { useT } from './messages.ts';
import { formatMoney } from '../shared/money.ts';
import { NOTE_SOURCES, openScreen } from '../shared/navigation.ts';
import { EmailForm } from '../shared/EmailForm.tsx';
import { ErrorText } from './ErrorText.tsx';
import { useDocuments } from './store.ts';
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
  const language = useLanguage((l) => l.language);
  const { busy, notice, actionError } = useDocuments();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const voidButton = useRef<HTMLButtonElement>(null);
  /** Esc or Cancel in the void form: the keyboard is back on the button that opened it. */
  const cancelVoid = () => {
    setConfirming(false);
    setTimeout(() => voidButton.current?.focus(), 0);
  };

  // Another document opened: no half-asked void.
  useEffect(() => {
    setConfirming(false);
    setReason('');
  }, [detail.document_key]);

  const startNote = (type: '02' | '03') => {
    openScreen('invoice', { note: type, source: detail });
  };

  const confirmVoid = async (e: FormEvent) => {
    e.preventDefault();
    if (await useDocuments.getState().voidOpen(reason)) {
      setConfirming(false);
      onVoided();
    }
  };

  const accepted = detail.status === 'accepted';
  // What is left to credit (beyond the spec, docs/documents-api.md); a document that keeps none is not limited.
  const left = detail.balance ?? null;
  const creditable = left === null || left > 0;
  const canVoid = accepted && creditable && VOIDABLE.has(detail.document_type) && (voidState === null || voidState === 'void_failed');
  return (
    <div className="actions">
      <EmailForm key={`${detail.document_key}|${defaultEmail}`} defaultEmail={defaultEmail} busy={busy !== null} sentTo={notice?.kind === 'email' ? notice.text : null}
        onSend={(recipients) => void useDocuments.getState().email(recipients)} />

      {accepted && NOTE_SOURCES.includes(detail.document_type) && (
        <p className="row notes">
          <span>{t('docs.notes')}:</span>
          {creditable && <button type="button" data-testid="credit-note" onClick={() => startNote('03')}>{t('docs.creditNote')}</button>}
          <button type="button" data-testid="debit-note" onClick={() => startNote('02')}>{t('docs.debitNote')}</button>
        </p>
      )}

      {canVoid && !confirming && <button ref={voidButton} type="button" className="danger" data-testid="void" onClick={() => setConfirming(true)}>{t('docs.void')}</button>}
      {canVoid && confirming && (
        <form className="void" onSubmit={(e) => void confirmVoid(e)} data-testid="void-form">
          <p>{t('docs.voidExplain', { amount: formatMoney(language, left ?? detail.total_amount, detail.currency) })}</p>
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
