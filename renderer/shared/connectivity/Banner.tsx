/**
 * The tax-authority banners, shown on every screen. Offline: issuing goes on, documents wait in the queue.
 * Credentials refused: documents wait too, but only the owner can help — the banner says what to do and
 * leads to the certificate screen.
 */
import { useEffect } from 'react';
import { useLanguage } from '../../i18n/store.ts';
import { useT } from '../messages.ts';
import { useConnectivity } from './store.ts';
import './banner.css';

/** How often the banner asks the local server; its monitor probes the tax authority on its own schedule. */
const POLL_MS = 5000;
/**
 * The first ask waits until the screen has what it needs to work (its own requests go first on a server
 * that answers one at a time); until then the state is "not known", which shows no banner.
 */
const FIRST_ASK_MS = 1000;

export function ConnectivityBanner() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { reachable, queued, queuedMore, lastContact, credentialsRejected } = useConnectivity();

  useEffect(() => {
    const refresh = () => void useConnectivity.getState().refresh();
    const first = setTimeout(refresh, FIRST_ASK_MS);
    const timer = setInterval(refresh, POLL_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);

  const count = queuedMore ? `${queued}+` : queued;
  if (credentialsRejected) {
    return (
      <div className="banner banner-credentials" role="alert" data-testid="credentials-banner" data-queued={queued}>
        {t('banner.credentialsRejected')} {queued > 0 && t('banner.credentialsWaiting', { count })}{' '}
        <a href="#certificate">{t('banner.toCertificate')}</a>
      </div>
    );
  }
  if (reachable !== false) return null;
  const when = lastContact ? new Date(lastContact).toLocaleString(language === 'en' ? 'en-US' : 'es-CR') : null;
  return (
    <div className="banner" role="status" data-testid="offline-banner" data-queued={queued}>
      {t('banner.offline', { count })} {when && t('banner.lastContact', { when })}
    </div>
  );
}
