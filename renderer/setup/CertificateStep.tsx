/** Step 3: the certificate and ATV credentials of the environment the organization issues in. */
import { useT } from './messages.ts';
import { CertificateForm } from '../shared/certificate/CertificateForm.tsx';
import { StepError } from './StepError.tsx';
import { useSetup } from './store.ts';

export function CertificateStep() {
  const t = useT();
  const environment = useSetup((s) => s.profile?.default_environment ?? 'staging');
  return (
    <div data-testid="setup-certificate">
      <p>{t('setup.certificate.why', { environment: t(`certificate.env.${environment}`) })}</p>
      <CertificateForm environments={[environment]} onUploaded={() => void useSetup.getState().certificateStored()} autoFocus />
      <StepError />
    </div>
  );
}
