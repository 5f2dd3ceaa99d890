/**
 * The certificate screen: what is stored per environment (holder, serial, expiry, credentials), the
 * 30-day expiry warning, removal, and the upload form for the environments this session manages.
 */
import { useEffect, useState } from 'react';
import { errorText, useLanguage } from '../i18n/store.ts';
import { useT } from './messages.ts';
import { CertificateForm } from '../shared/certificate/CertificateForm.tsx';
import { ExpiryNotice } from '../shared/certificate/ExpiryNotice.tsx';
import { expiryWarning } from '../shared/certificate/expiry.ts';
import { manageableEnvironments, useCertificate } from '../shared/certificate/store.ts';
import { ENVIRONMENTS, type Environment } from '../shared/environment.ts';
import type { EnvironmentCertificate } from '../shared/certificate/types.ts';
import './certificate.css';

function EnvironmentCard({ environment, state, inUse, manageable }: { environment: Environment; state: EnvironmentCertificate; inUse: boolean; manageable: boolean }) {
  const t = useT();
  const removing = useCertificate((s) => s.removing);
  const [confirming, setConfirming] = useState(false);
  const info = state.certificate;
  const warning = expiryWarning(info, new Date());
  const present = (yes: boolean) => <span className={yes ? 'ok' : 'missing'}>{yes ? t('certificate.present') : t('certificate.missing')}</span>;
  const name = t(`certificate.env.${environment}`);

  return (
    <article className={`certificate-card${inUse ? ' in-use' : ''}`} data-testid={`certificate-${environment}`}>
      <h3>{name} {inUse && <span className="badge">{t('certificate.inUse')}</span>}</h3>
      <dl>
        <dt>{t('certificate.file')}</dt><dd>{present(state.has_certificate)}</dd>
        <dt>{t('certificate.credentials')}</dt><dd>{present(state.has_credentials)}</dd>
        {info && (
          <>
            <dt>{t('certificate.subject')}</dt><dd data-testid="certificate-subject">{info.subject ?? '—'}</dd>
            <dt>{t('certificate.serial')}</dt><dd className="code">{info.serial_number ?? '—'}</dd>
            <dt>{t('certificate.expiry')}</dt><dd data-testid="certificate-expiry">{info.expiry_date}</dd>
          </>
        )}
      </dl>
      {warning && <ExpiryNotice warning={warning} />}
      {manageable && (state.has_certificate || state.has_credentials) && (
        confirming ? (
          <div className="confirm">
            <p>{t('certificate.confirmRemove', { environment: name })}</p>
            <button type="button" className="danger" disabled={removing !== null} onClick={() => void useCertificate.getState().remove(environment).then(() => setConfirming(false))}>{t('certificate.removeYes')}</button>
            <button type="button" onClick={() => setConfirming(false)} autoFocus>{t('certificate.cancel')}</button>
          </div>
        ) : (
          <button type="button" onClick={() => setConfirming(true)}>{t('certificate.remove')}</button>
        )
      )}
    </article>
  );
}

export default function CertificateScreen() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { status, loadError, removeError, uploaded } = useCertificate();

  useEffect(() => {
    void useCertificate.getState().load();
  }, []);

  const manageable = manageableEnvironments(status);
  return (
    <section className="certificate-screen" data-testid="certificate-screen">
      <h2>{t('certificate.title')}</h2>
      <p className="muted">{t('certificate.intro')}</p>
      {loadError && <p className="error" role="alert">{errorText(language, loadError)}</p>}
      {removeError && <p className="error" role="alert">{errorText(language, removeError)}</p>}
      {status && (
        <div className="certificate-layout">
          <div className="certificate-cards">
            {ENVIRONMENTS.map((env) => (
              <EnvironmentCard key={env} environment={env} state={status[env]} inUse={status.default_environment === env} manageable={manageable.includes(env)} />
            ))}
            {!manageable.includes('production') && <p className="muted">{t('certificate.productionNote')}</p>}
          </div>
          <div className="certificate-upload">
            <h3>{t('certificate.formTitle')}</h3>
            {uploaded && (
              <p className="success" role="status" data-testid="certificate-uploaded">
                {t('certificate.uploaded', { environment: t(`certificate.env.${uploaded.environment}`), subject: uploaded.subject ?? '—', date: uploaded.expiry_date })}
              </p>
            )}
            <CertificateForm environments={manageable} />
          </div>
        </div>
      )}
    </section>
  );
}
