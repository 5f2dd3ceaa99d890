/** Shown only while the tax authority is unreachable: issuing goes on, documents wait in the queue. */
import { useEffect } from 'react';
import { useLanguage, useT } from '../i18n/store.ts';
import { useConnectivity } from './store.ts';

const POLL_MS = 5000;

export function ConnectivityBanner() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { reachable, queued, lastContact } = useConnectivity();

  useEffect(() => {
    void useConnectivity.getState().refresh();
    const timer = setInterval(() => void useConnectivity.getState().refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, []);

  if (reachable !== false) return null;
  const when = lastContact ? new Date(lastContact).toLocaleString(language === 'en' ? 'en-US' : 'es-CR') : null;
  return (
    <div className="banner" role="status" data-testid="offline-banner">
      {t('banner.offline', { count: queued })} {when && t('banner.lastContact', { when })}
    </div>
  );
}
