/**
 * Upload of the .p12 with its PIN and the ATV user and password: the certificate screen's form and the
 * first-run wizard's certificate step. A missing field is named and focused on submit, not silently
 * disabled, so a keyboard user learns what is missing.
 */
import { useRef, useState, type FormEvent } from 'react';
import { errorText, useLanguage, useT } from '../i18n/store.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { draftProblem, useCertificate, type DraftProblem } from './store.ts';
import type { CertificateDraft, Environment } from './types.ts';

interface Props {
  environments: readonly Environment[];
  onUploaded?: () => void;
  autoFocus?: boolean;
}

export function CertificateForm({ environments, onUploaded, autoFocus = false }: Props) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { uploading, uploadError } = useCertificate();
  const empty = (): CertificateDraft => ({ file: null, pin: '', atvUser: '', atvPassword: '', environment: environments[0] ?? 'staging' });
  const [draft, setDraft] = useState<CertificateDraft>(empty);
  const [problem, setProblem] = useState<DraftProblem | null>(null);
  const fields = useRef<Partial<Record<DraftProblem, HTMLInputElement | null>>>({});
  const environment = environments.includes(draft.environment) ? draft.environment : (environments[0] ?? 'staging');

  const change = (patch: Partial<CertificateDraft>) => {
    setDraft({ ...draft, ...patch });
    setProblem(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const ready = { ...draft, environment };
    const missing = draftProblem(ready);
    setProblem(missing);
    if (missing) {
      fields.current[missing]?.focus();
      return;
    }
    if (!(await useCertificate.getState().upload(ready))) return;
    // Nothing secret stays in the page once stored.
    setDraft(empty());
    if (fields.current.file) fields.current.file.value = '';
    onUploaded?.();
  };

  return (
    <form className="certificate-form" onSubmit={(e) => void submit(e)} data-testid="certificate-form">
      {environments.length > 1 && (
        <label>
          {t('certificate.environment')}
          <select value={environment} onChange={(e) => change({ environment: e.target.value as Environment })}>
            {environments.map((env) => <option key={env} value={env}>{t(`certificate.env.${env}`)}</option>)}
          </select>
        </label>
      )}
      <label>
        {t('certificate.file')}
        <input
          ref={(el) => { fields.current.file = el; }}
          type="file"
          accept=".p12,.pfx,application/x-pkcs12"
          data-testid="certificate-file"
          autoFocus={autoFocus}
          onChange={(e) => change({ file: e.target.files?.[0] ?? null })}
        />
      </label>
      <div className="form-row">
        <label>
          {t('certificate.pin')}
          <input ref={(el) => { fields.current.pin = el; }} type="password" value={draft.pin} onChange={(e) => change({ pin: e.target.value })} autoComplete="off" data-testid="certificate-pin" />
        </label>
        <label>
          {t('certificate.atvUser')}
          <input ref={(el) => { fields.current.atvUser = el; }} type="email" value={draft.atvUser} onChange={(e) => change({ atvUser: e.target.value })} autoComplete="off" data-testid="certificate-atv-user" />
        </label>
        <label>
          {t('certificate.atvPassword')}
          <input ref={(el) => { fields.current.atvPassword = el; }} type="password" value={draft.atvPassword} onChange={(e) => change({ atvPassword: e.target.value })} autoComplete="off" data-testid="certificate-atv-password" />
        </label>
      </div>
      <p className="muted">{t('certificate.secretNote')}</p>
      {problem && <p className="error" role="alert">{t(`certificate.problem.${problem}` as MessageKey)}</p>}
      {uploadError && <p className="error" role="alert">{errorText(language, uploadError)}</p>}
      <button type="submit" className="primary" disabled={uploading} data-testid="certificate-submit">
        {uploading ? t('certificate.uploading') : t('certificate.upload')}
      </button>
    </form>
  );
}
