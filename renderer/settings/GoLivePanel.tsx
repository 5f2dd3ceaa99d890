/**
 * Going live, in Settings → Ambiente while the organization is in the sandbox: what it takes, the server's
 * check (what is missing, each thing named), the production certificate and ATV credentials stored right
 * here with the certificate screen's own form, then the confirmation.
 */
import { errorText, useLanguage } from '../i18n/store.ts';
import { useT, en, type MessageKey } from './messages.ts';
import { CertificateForm } from '../shared/certificate/CertificateForm.tsx';
import { GoLiveDialog } from './GoLiveDialog.tsx';
import { useGoLive } from './store.ts';

const PRODUCTION = ['production'] as const;
/** The refusal's field paths (src/organizations/production-readiness.ts) that the certificate form fixes. */
const CERTIFICATE_FIELDS = ['production.certificate', 'production.credentials'];

export function GoLivePanel() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { busy, phase, missing, error } = useGoLive();
  /** The server's field path in the shopkeeper's words (an unknown one as it is). */
  const label = (field: string) => {
    const key = `settings.golive.field.${field}`;
    return key in en ? t(key as MessageKey) : field;
  };
  const needsCertificate = phase === 'missing' && CERTIFICATE_FIELDS.some((field) => field in missing);

  return (
    <section className="go-live" data-testid="go-live">
      <h4>{t('settings.golive.title')}</h4>
      <p>{t('settings.golive.what')}</p>
      <button type="button" className="primary" disabled={busy} onClick={() => void useGoLive.getState().check()} data-testid="go-live-start">
        {busy && phase !== 'confirming' ? t('settings.golive.checking') : t('settings.golive.start')}
      </button>
      {phase === 'missing' && (
        <div className="go-live-missing" role="alert" data-testid="go-live-missing">
          <p><strong>{t('settings.golive.missing')}</strong></p>
          <ul>
            {Object.entries(missing).map(([field, messages]) => <li key={field}><strong>{label(field)}:</strong> {messages.join(' ')}</li>)}
          </ul>
        </div>
      )}
      {needsCertificate && (
        <div className="go-live-upload" data-testid="go-live-upload">
          <h4>{t('settings.golive.uploadTitle')}</h4>
          <p className="muted">{t('settings.golive.uploadWhy')}</p>
          {/* Stored, then checked again: ready opens the confirmation. */}
          <CertificateForm environments={PRODUCTION} onUploaded={() => void useGoLive.getState().check()} />
        </div>
      )}
      {error && <p className="error" role="alert">{errorText(language, error)}</p>}
      {phase === 'confirming' && <GoLiveDialog />}
    </section>
  );
}
