/**
 * Settings → Casa matriz (a till, docs/replication.md): pair with the head office's address and one-time code;
 * once linked, where it reports, how many documents wait, when the last push and pull went through and the
 * last problem, refreshed every few seconds while the tab is open; "sync now" and unlinking after a confirmation.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useLanguage } from '../i18n/store.ts';
import { useT } from './messages.ts';
import { Feedback } from './Feedback.tsx';
import { useHeadOffice, type PairDraft } from './head-office-store.ts';

const REFRESH_MS = 10_000;

export function HeadOfficeSection() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const state = useHeadOffice();
  const { link } = state;
  const [draft, setDraft] = useState<PairDraft>({ url: '', code: '', name: '' });
  const locale = language === 'en' ? 'en-US' : 'es-CR';
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' }) : t('settings.headOffice.never'));

  useEffect(() => {
    void useHeadOffice.getState().load();
    const timer = setInterval(() => void useHeadOffice.getState().load(true), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void useHeadOffice.getState().pair(draft).then((ok) => ok && setDraft({ url: '', code: '', name: '' }));
  };

  return (
    <div data-testid="settings-head-office">
      <p className="muted">{t('settings.headOffice.why')}</p>
      {link && !link.linked && (
        <form onSubmit={submit}>
          <div className="form-row wide-first">
            <label>{t('settings.headOffice.url')}
              <input type="url" value={draft.url} onChange={(e) => setDraft({ ...draft, url: e.target.value })} maxLength={500} placeholder="https://" required data-testid="head-office-url" />
            </label>
            <label>{t('settings.headOffice.code')}
              <input value={draft.code} onChange={(e) => setDraft({ ...draft, code: e.target.value.toUpperCase() })} maxLength={20} autoComplete="off" className="code" placeholder="ABCD-EFGH" required data-testid="head-office-code" />
            </label>
          </div>
          <p className="muted">{t('settings.headOffice.codeHelp')}</p>
          <label>{t('settings.headOffice.name')}
            <input value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} maxLength={120} data-testid="head-office-name" />
          </label>
          <div className="actions">
            <button type="submit" className="primary" disabled={state.busy || draft.url.trim() === '' || draft.code.trim() === ''} data-testid="head-office-pair">{t('settings.headOffice.pair')}</button>
          </div>
        </form>
      )}
      {link?.linked && (
        <div data-testid="head-office-link">
          <p>{t('settings.headOffice.linked', { name: link.head_office_name ?? '', url: link.url ?? '', date: when(link.paired_at) })}</p>
          <table className="compact">
            <tbody>
              <tr><th>{t('settings.headOffice.pending')}</th><td className="num" data-testid="head-office-pending">{link.pending_documents}</td></tr>
              <tr><th>{t('settings.headOffice.lastPush')}</th><td>{when(link.last_push_at)}</td></tr>
              <tr><th>{t('settings.headOffice.lastPull')}</th><td>{when(link.last_pull_at)}</td></tr>
            </tbody>
          </table>
          {link.last_error && <p className="error" role="status">{t('settings.headOffice.lastError', { error: link.last_error })}</p>}
          <div className="actions">
            <button type="button" disabled={state.busy} onClick={() => void useHeadOffice.getState().sync()} data-testid="head-office-sync">{t('settings.headOffice.sync')}</button>
            <button type="button" disabled={state.busy} onClick={() => useHeadOffice.getState().ask(true)} data-testid="head-office-unlink">{t('settings.headOffice.unlink')}</button>
          </div>
        </div>
      )}
      {state.confirming && link?.linked && (
        <div className="backup-restore" role="alertdialog" data-testid="head-office-unlink-confirm">
          <p><strong>{t('settings.headOffice.question', { name: link.head_office_name ?? '' })}</strong></p>
          <button type="button" className="danger" disabled={state.busy} onClick={() => void useHeadOffice.getState().unlink()} data-testid="head-office-unlink-submit">{t('settings.headOffice.confirm')}</button>
          <button type="button" disabled={state.busy} onClick={() => useHeadOffice.getState().ask(false)}>{t('settings.headOffice.cancel')}</button>
        </div>
      )}
      <Feedback state={state} />
    </div>
  );
}
