/**
 * Settings → Backups: the list, one taken now, a download of any of them, and a restore — of a listed
 * backup or of a file from this computer — with the confirmation `facturador restore` asks for, typed
 * here (a word, so that a stray Enter cannot replace the shop's records), its progress and its result.
 * After a restore every screen holds the old records: the result offers a reload (or the sign-in link the
 * server answers when the restored data does not know this browser).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { fileUrl } from '../api/client.ts';
import { errorText, useLanguage } from '../i18n/store.ts';
import { useT, type MessageKey } from './messages.ts';
import { CONFIRM_WORDS, confirmed, sourceName } from './backups-store.ts';
import { Feedback } from './Feedback.tsx';
import { useBackups } from './store.ts';
import './backups.css';

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

function RestoreConfirmation() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { asking, restoring } = useBackups();
  const [typed, setTyped] = useState('');
  useEffect(() => setTyped(''), [asking]);
  if (!asking) return null;
  const word = CONFIRM_WORDS[language];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (confirmed(typed, language)) void useBackups.getState().restore();
  };
  return (
    <form className="backup-restore" onSubmit={submit} data-testid="restore-confirm">
      <p><strong>{t('settings.backups.question', { file: sourceName(asking) })}</strong></p>
      <label>
        {t('settings.backups.typeWord', { word })}
        <input value={typed} onChange={(e) => setTyped(e.target.value)} autoFocus autoComplete="off" data-testid="restore-word" disabled={restoring !== null} />
      </label>
      <button type="submit" className="danger" disabled={!confirmed(typed, language) || restoring !== null} data-testid="restore-submit">{t('settings.backups.confirm')}</button>
      <button type="button" disabled={restoring !== null} onClick={() => useBackups.getState().ask(null)}>{t('settings.backups.cancel')}</button>
    </form>
  );
}

function RestoreOutcome() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { restoring, restored, restoreError } = useBackups();
  if (restoring) {
    const text = restoring.phase === 'uploading' ? t('settings.backups.uploading', { percent: Math.round(restoring.fraction * 100) }) : t('settings.backups.restoring');
    return (
      <p className="muted" role="status" data-testid="restore-progress">
        {text} {restoring.phase === 'uploading' && <progress max={1} value={restoring.fraction} />}
      </p>
    );
  }
  if (restoreError) return <p className="error" role="alert" data-testid="restore-error">{errorText(language, restoreError)}</p>;
  if (!restored) return null;
  // A full load: every screen's store holds the replaced records.
  const reload = () => {
    if (restored.login_url) globalThis.location.assign(restored.login_url);
    else globalThis.location.reload();
  };
  return (
    <div className="success" role="status" data-testid="restore-result">
      <p>{t('settings.backups.restored', { file: restored.restored_from, rows: restored.rows, kept: restored.kept_as })}</p>
      <button type="button" className="primary" onClick={reload} data-testid="restore-reload">{t('settings.backups.reload')}</button>
    </div>
  );
}

export function BackupsSection() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const state = useBackups();
  const idleNow = !state.busy && state.restoring === null;
  useEffect(() => {
    void useBackups.getState().load();
  }, []);
  return (
    <div data-testid="settings-backups">
      <p className="muted">{t('settings.backups.why')}</p>
      <p className="muted">{t('settings.backups.keyNote')}</p>
      <button type="button" className="primary" disabled={!idleNow} onClick={() => void useBackups.getState().take()}>{t('settings.backups.take')}</button>
      <Feedback state={state} />
      {state.backups.length === 0 ? (
        <p className="muted">{t('settings.backups.none')}</p>
      ) : (
        <table className="compact" data-testid="backups">
          <thead><tr><th>{t('settings.backups.date')}</th><th>{t('settings.backups.name')}</th><th>{t('settings.backups.kind')}</th><th className="num">{t('settings.backups.size')}</th><th /></tr></thead>
          <tbody>
            {state.backups.map((b) => (
              <tr key={b.name} data-backup={b.name}>
                <td>{new Date(b.created_at).toLocaleString(language === 'en' ? 'en-US' : 'es-CR')}</td>
                <td className="code">{b.name}</td>
                <td>{t(`settings.backups.kind.${b.kind}` as MessageKey)}</td>
                <td className="num">{size(b.size)}</td>
                <td className="backup-actions">
                  <a href={fileUrl(`/backups/${encodeURIComponent(b.name)}/file`)} download={b.name} data-testid="backup-download">{t('settings.backups.download')}</a>
                  <button type="button" disabled={!idleNow} onClick={() => useBackups.getState().ask({ kind: 'listed', name: b.name })} data-testid="backup-restore">{t('settings.backups.restore')}</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <label className="backup-file">
        {t('settings.backups.restoreFile')}
        <input
          type="file"
          accept=".db,.sqlite,application/vnd.sqlite3"
          disabled={!idleNow}
          data-testid="restore-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) useBackups.getState().ask({ kind: 'file', file });
            e.target.value = ''; // the same file may be chosen again after a cancel
          }}
        />
      </label>
      <RestoreConfirmation />
      <RestoreOutcome />
    </div>
  );
}
