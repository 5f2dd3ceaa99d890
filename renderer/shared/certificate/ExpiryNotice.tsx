/** The 30-day expiry warning in words: on the certificate screen, and as the app-wide bar (setup gate). */
import { useT } from '../messages.ts';
import type { ExpiryWarning } from './expiry.ts';
import './expiry.css';

export function ExpiryNotice({ warning, link = false }: { warning: ExpiryWarning; link?: boolean }) {
  const t = useT();
  const text = warning.kind === 'expired' ? t('certificate.expired', { date: warning.date })
    : warning.days === 0 ? t('certificate.lastDay', { date: warning.date })
      : warning.days === 1 ? t('certificate.tomorrow', { date: warning.date })
        : t('certificate.soon', { days: warning.days, date: warning.date });
  return (
    <div className={`expiry-notice expiry-${warning.kind}`} role="alert" data-testid="certificate-warning">
      {text}
      {link && <> <a href="#certificate">{t('certificate.goTo')}</a></>}
    </div>
  );
}
