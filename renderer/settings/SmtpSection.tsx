/** The outgoing mail server: its settings, removal, and a test e-mail with the server's answer. */
import { useEffect, useState, type FormEvent } from 'react';
import { useT } from './messages.ts';
import { Feedback, SaveButton } from './Feedback.tsx';
import { smtpDraft, type SmtpDraft } from './smtp-store.ts';
import { useSmtp } from './store.ts';

export function SmtpSection() {
  const t = useT();
  const state = useSmtp();
  const { smtp, testResult } = state;
  const [draft, setDraft] = useState<SmtpDraft>(() => smtpDraft(smtp));
  const [to, setTo] = useState('');

  useEffect(() => setDraft(smtpDraft(smtp)), [smtp]);

  const change = (patch: Partial<SmtpDraft>) => setDraft({ ...draft, ...patch });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void useSmtp.getState().save(draft);
  };
  const sendTest = (e: FormEvent) => {
    e.preventDefault();
    void useSmtp.getState().test(to);
  };

  return (
    <div data-testid="settings-smtp">
      <p className="muted">{t('settings.smtp.why')}</p>
      {smtp && !smtp.configured && <p className="muted">{t('settings.smtp.notConfigured')}</p>}
      <form onSubmit={submit}>
        <div className="form-row wide-first">
          <label>{t('settings.smtp.host')}<input value={draft.host} onChange={(e) => change({ host: e.target.value })} maxLength={255} autoComplete="off" /></label>
          <label>{t('settings.smtp.port')}<input value={draft.port} onChange={(e) => change({ port: e.target.value, secure: e.target.value === '465' ? true : draft.secure })} inputMode="numeric" maxLength={5} /></label>
        </div>
        <label className="check">
          <input type="checkbox" checked={draft.secure} onChange={(e) => change({ secure: e.target.checked })} />
          {t('settings.smtp.secure')}
        </label>
        <label className="check">
          <input type="checkbox" checked={draft.allowInsecure} onChange={(e) => change({ allowInsecure: e.target.checked })} />
          {t('settings.smtp.allowInsecure')}
        </label>
        <div className="form-row three">
          <label>{t('settings.smtp.username')}<input value={draft.username} onChange={(e) => change({ username: e.target.value })} maxLength={255} autoComplete="off" /></label>
          <label>
            {t('settings.smtp.password')}
            <input type="password" value={draft.password} onChange={(e) => change({ password: e.target.value })} maxLength={255} autoComplete="new-password"
              placeholder={smtp?.has_password ? t('settings.smtp.passwordKept') : ''} disabled={draft.username.trim() === ''} />
          </label>
          <label>{t('settings.smtp.from')}<input type="email" value={draft.from_address} onChange={(e) => change({ from_address: e.target.value })} maxLength={255} /></label>
        </div>
        <div className="actions">
          <SaveButton busy={state.busy} />
          {smtp?.configured && <button type="button" disabled={state.busy} onClick={() => void useSmtp.getState().remove()}>{t('settings.smtp.remove')}</button>}
        </div>
      </form>
      {smtp?.configured && (
        <form onSubmit={sendTest} className="inline-add">
          <label>{t('settings.smtp.testTo')}<input type="email" value={to} onChange={(e) => setTo(e.target.value)} maxLength={160} required /></label>
          <button type="submit" disabled={state.busy}>{t('settings.smtp.test')}</button>
        </form>
      )}
      {testResult && (
        <p className={testResult.sent ? 'success' : 'error'} role="status">
          {testResult.sent ? t('settings.smtp.testSent', { to: testResult.to }) : t('settings.smtp.testFailed', { to: testResult.to, error: testResult.error ?? testResult.response ?? '' })}
        </p>
      )}
      <Feedback state={state} />
    </div>
  );
}
