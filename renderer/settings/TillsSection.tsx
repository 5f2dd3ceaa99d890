/**
 * Settings → Cajas (a head office, docs/replication.md): make a one-time pairing code for a till (shown once,
 * with when it expires), the paired tills with when each was last heard from and how many documents it sent,
 * and unpairing one after a confirmation.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useLanguage } from '../i18n/store.ts';
import { useT } from './messages.ts';
import { Feedback } from './Feedback.tsx';
import { useTills } from './tills-store.ts';

export function TillsSection() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const state = useTills();
  const [label, setLabel] = useState('');
  const locale = language === 'en' ? 'en-US' : 'es-CR';
  useEffect(() => {
    void useTills.getState().load();
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (label.trim() !== '') void useTills.getState().makeCode(label);
  };
  return (
    <div data-testid="settings-tills">
      <p className="muted">{t('settings.tills.why')}</p>
      <form onSubmit={submit} className="row">
        <label>
          {t('settings.tills.label')}
          <input value={label} maxLength={100} onChange={(e) => setLabel(e.target.value)} data-testid="till-label" />
        </label>
        <button type="submit" className="primary" disabled={state.busy || label.trim() === ''} data-testid="till-make-code">{t('settings.tills.makeCode')}</button>
      </form>
      {state.code && (
        <div className="success" role="status" data-testid="till-code">
          <p>{t('settings.tills.code', { label: state.code.label })} <strong className="code">{state.code.code}</strong></p>
          <p className="muted">{t('settings.tills.codeHelp', { time: new Date(state.code.expires_at).toLocaleTimeString(locale, { timeStyle: 'short' }) })}</p>
        </div>
      )}
      <Feedback state={state} />
      {state.tills.length === 0 ? (
        <p className="muted">{t('settings.tills.none')}</p>
      ) : (
        <table className="compact" data-testid="tills">
          <thead>
            <tr><th>{t('settings.tills.name')}</th><th>{t('settings.tills.branchTerminal')}</th><th>{t('settings.tills.lastSeen')}</th><th className="num">{t('settings.tills.documents')}</th><th /></tr>
          </thead>
          <tbody>
            {state.tills.map((till) => (
              <tr key={till.id} data-till={till.id}>
                <td>{till.name}</td>
                <td className="code">{till.branch} / {till.terminal}</td>
                <td>{till.last_seen_at ? new Date(till.last_seen_at).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' }) : t('settings.tills.never')}</td>
                <td className="num">{till.documents_received}</td>
                <td><button type="button" disabled={state.busy} onClick={() => useTills.getState().ask(till)} data-testid="till-unpair">{t('settings.tills.unpair')}</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {state.confirming && (
        <div className="backup-restore" role="alertdialog" data-testid="till-unpair-confirm">
          <p><strong>{t('settings.tills.question', { name: state.confirming.name })}</strong></p>
          <button type="button" className="danger" disabled={state.busy} onClick={() => void useTills.getState().unpair()} data-testid="till-unpair-submit">{t('settings.tills.confirm')}</button>
          <button type="button" disabled={state.busy} onClick={() => useTills.getState().ask(null)}>{t('settings.tills.cancel')}</button>
        </div>
      )}
    </div>
  );
}
