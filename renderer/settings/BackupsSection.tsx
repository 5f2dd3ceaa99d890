/** The database backups: the list and one taken now (restoring is done with the server stopped). */
import { useEffect } from 'react';
import { useLanguage, useT } from '../i18n/store.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { Feedback } from './Feedback.tsx';
import { useBackups } from './store.ts';

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

export function BackupsSection() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const state = useBackups();
  useEffect(() => {
    void useBackups.getState().load();
  }, []);
  return (
    <div data-testid="settings-backups">
      <p className="muted">{t('settings.backups.why')}</p>
      <button type="button" className="primary" disabled={state.busy} onClick={() => void useBackups.getState().take()}>{t('settings.backups.take')}</button>
      <Feedback state={state} />
      {state.backups.length === 0 ? (
        <p className="muted">{t('settings.backups.none')}</p>
      ) : (
        <table className="compact">
          <thead><tr><th>{t('settings.backups.date')}</th><th>{t('settings.backups.name')}</th><th>{t('settings.backups.kind')}</th><th className="num">{t('settings.backups.size')}</th></tr></thead>
          <tbody>
            {state.backups.map((b) => (
              <tr key={b.name}>
                <td>{new Date(b.created_at).toLocaleString(language === 'en' ? 'en-US' : 'es-CR')}</td>
                <td className="code">{b.name}</td>
                <td>{t(`settings.backups.kind.${b.kind}` as MessageKey)}</td>
                <td className="num">{size(b.size)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
