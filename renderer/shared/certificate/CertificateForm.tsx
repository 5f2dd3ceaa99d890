/**
 * Upload of the .p12 with its PIN and the ATV user and password: the certificate screen's form and the
 * first-run wizard's certificate step. A missing field is named and focused on submit, not silently
 * disabled, so a keyboard user learns what is missing; what the server refuses (a wrong PIN, an ATV
 * password the tax authority does not accept) is said next to its field, which gets the focus.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorText, useLanguage } from '../../i18n/store.ts';
import { useT, type MessageKey } from '../messages.ts';
import { useConnectivity } from '../connectivity/store.ts';
import { uploadFieldErrors } from './field-errors.ts';
import { draftProblem, useCertificate, type DraftProblem } from './store.ts';
import type { Environment } from '../environment.ts';
import type { CertificateDraft } from './types.ts';
import './certificate-form.css';

/** The test ids of the fields and of their error lines (`certificate-pin-error`…). */
const TEST_IDS: Record<DraftProblem, string> = { file: 'certificate-file', pin: 'certificate-pin', atvUser: 'certificate-atv-user', atvPassword: 'certificate-atv-password' };

interface Props {
  environments: readonly Environment[];
  onUploaded?: () => void;
  autoFocus?: boolean;
}

export function CertificateForm({ environments, onUploaded, autoFocus = false }: Props) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { uploading, uploadError, uploaded } = useCertificate();
  const empty = (): CertificateDraft => ({ file: null, pin: '', atvUser: '', atvPassword: '', environment: environments[0] ?? 'staging' });
  const [draft, setDraft] = useState<CertificateDraft>(empty);
  const [problem, setProblem] = useState<DraftProblem | null>(null);
  const fields = useRef<Partial<Record<DraftProblem, HTMLInputElement | null>>>({});
  const environment = environments.includes(draft.environment) ? draft.environment : (environments[0] ?? 'staging');
  const refused = uploadFieldErrors(uploadError);
  const firstRefused = (Object.keys(TEST_IDS) as DraftProblem[]).find((f) => refused[f]);
  // The field the server refused gets the focus, as a missing one does.
  useEffect(() => {
    if (firstRefused) fields.current[firstRefused]?.focus();
  }, [uploadError, firstRefused]);

  const change = (patch: Partial<CertificateDraft>) => {
    setDraft({ ...draft, ...patch });
    setProblem(null);
    // The refusal was about what was typed before: it goes once the shopkeeper corrects it.
    if (useCertificate.getState().uploadError) useCertificate.setState({ uploadError: null });
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
    // New credentials may end a "credentials rejected" banner: ask now rather than at the next poll.
    void useConnectivity.getState().refresh();
    onUploaded?.();
  };

  /** A field's input props, and the line saying why the server refused it. */
  const input = (field: DraftProblem) => ({
    ref: (el: HTMLInputElement | null) => { fields.current[field] = el; },
    'data-testid': TEST_IDS[field],
    'aria-invalid': refused[field] ? true : undefined,
    'aria-describedby': refused[field] ? `${TEST_IDS[field]}-error` : undefined,
  });
  const refusal = (field: DraftProblem) => refused[field] && (
    <small className="field-error" id={`${TEST_IDS[field]}-error`} role="alert" data-testid={`${TEST_IDS[field]}-error`}>{refused[field]}</small>
  );

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
          {...input('file')}
          type="file"
          accept=".p12,.pfx,application/x-pkcs12"
          autoFocus={autoFocus}
          onChange={(e) => change({ file: e.target.files?.[0] ?? null })}
        />
        {refusal('file')}
      </label>
      <div className="form-row">
        <label>
          {t('certificate.pin')}
          <input {...input('pin')} type="password" value={draft.pin} onChange={(e) => change({ pin: e.target.value })} autoComplete="off" />
          {refusal('pin')}
        </label>
        <label>
          {t('certificate.atvUser')}
          <input {...input('atvUser')} type="email" value={draft.atvUser} onChange={(e) => change({ atvUser: e.target.value })} autoComplete="off" />
          {refusal('atvUser')}
        </label>
        <label>
          {t('certificate.atvPassword')}
          <input {...input('atvPassword')} type="password" value={draft.atvPassword} onChange={(e) => change({ atvPassword: e.target.value })} autoComplete="off" />
          {refusal('atvPassword')}
        </label>
      </div>
      <p className="muted">{t('certificate.secretNote')}</p>
      {problem && <p className="error" role="alert">{t(`certificate.problem.${problem}` as MessageKey)}</p>}
      {uploadError && !firstRefused && <p className="error" role="alert">{errorText(language, uploadError)}</p>}
      {uploaded?.credentials_verified === false && <p className="warning" role="status" data-testid="certificate-unverified">{t('certificate.unverified')}</p>}
      <button type="submit" className="primary" disabled={uploading} data-testid="certificate-submit">
        {uploading ? t('certificate.uploading') : t('certificate.upload')}
      </button>
    </form>
  );
}
