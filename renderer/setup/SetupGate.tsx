/**
 * Wraps every screen: while the server's answers are awaited nothing shows (no wizard flash); with
 * something missing for a first ticket, the first-run wizard shows instead of the screens; once set up,
 * the screens, under a warning bar while the certificate expires within 30 days.
 */
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { errorText, useLanguage } from '../i18n/store.ts';
import { useT } from './messages.ts';
import { ExpiryNotice } from '../shared/certificate/ExpiryNotice.tsx';
import { statusWarning } from '../shared/certificate/expiry.ts';
import { useCertificate } from '../shared/certificate/store.ts';
import { useSetup } from './store.ts';
import './setup.css';

// Loaded only on a first run: every later start opens the counter without the wizard's code.
const SetupWizard = lazy(() => import('./SetupWizard.tsx'));

function CertificateWarningBar() {
  const status = useCertificate((s) => s.status);
  const warning = statusWarning(status, new Date());
  return warning ? <div className="certificate-bar"><ExpiryNotice warning={warning} link /></div> : null;
}

function GateError() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const error = useSetup((s) => s.loadError);
  return (
    <div className="setup-error" role="alert">
      <p>{t('setup.loadFailed')}</p>
      {error && <p className="error">{errorText(language, error)}</p>}
      <button type="button" onClick={() => void useSetup.getState().load()} autoFocus>{t('setup.retry')}</button>
    </div>
  );
}

export function SetupGate({ children }: { children: ReactNode }) {
  const t = useT();
  const phase = useSetup((s) => s.phase);
  useEffect(() => {
    void useSetup.getState().load();
  }, []);

  const loading = <p className="muted setup-loading" aria-busy="true">{t('setup.loading')}</p>;
  if (phase === 'loading') return loading;
  if (phase === 'error') return <GateError />;
  if (phase === 'wizard') return <Suspense fallback={loading}><SetupWizard /></Suspense>;
  return (
    <>
      <CertificateWarningBar />
      {children}
    </>
  );
}
