/**
 * The supervisor's PIN, asked where the cashier stands (store.ts): who approves, their PIN, Enter approves,
 * Esc cancels. Mounted once by the shell; shows only while an action waits.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { errorText, useLanguage } from '../../i18n/store.ts';
import { useT } from './messages.ts';
import { useApproval } from './store.ts';
import './approval.css';

export function ApprovalDialog() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { action, approvers, busy, error } = useApproval();
  const [approver, setApprover] = useState('');
  const [pin, setPin] = useState('');

  useEffect(() => {
    setPin('');
    setApprover((current) => (approvers.some((a) => String(a.id) === current) ? current : String(approvers[0]?.id ?? '')));
  }, [action, approvers]);
  useEffect(() => {
    if (error) setPin('');
  }, [error]);

  if (!action) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (approver && pin) void useApproval.getState().submit(Number(approver), pin);
  };
  return (
    <div className="modal-backdrop">
      <form
        className="approval-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={t('approval.title')}
        data-testid="approval-dialog"
        onSubmit={submit}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            useApproval.getState().cancel();
          }
        }}
      >
        <h2>{t('approval.title')}</h2>
        <p>{t(`approval.why.${action}`)}</p>
        {approvers.length === 0 && !error && <p className="muted">{t('approval.none')}</p>}
        <label>
          {t('approval.who')}
          <select value={approver} onChange={(e) => setApprover(e.target.value)} data-testid="approval-who">
            {approvers.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
          </select>
        </label>
        <label>
          {t('approval.pin')}
          <input type="password" inputMode="numeric" autoComplete="off" maxLength={6} value={pin} autoFocus onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))} data-testid="approval-pin" />
        </label>
        {error && <p className="error" role="alert">{errorText(language, error)}</p>}
        <div className="actions">
          <button type="submit" className="primary" disabled={busy || !approver || pin.length < 4} data-testid="approval-ok">{t('approval.ok')}</button>
          <button type="button" onClick={() => useApproval.getState().cancel()}>{t('approval.cancel')}</button>
        </div>
      </form>
    </div>
  );
}
