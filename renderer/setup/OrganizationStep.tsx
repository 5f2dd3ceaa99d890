/** Step 1: the issuing organization (POST /organizations). The session works on it from then on. */
import { useState, type FormEvent } from 'react';
import { useT, type MessageKey } from './messages.ts';
import { StepError } from './StepError.tsx';
import { useSetup } from './store.ts';
import type { OrganizationInput } from './types.ts';

const ID_TYPES = ['01', '02', '03', '04'] as const;

export function OrganizationStep() {
  const t = useT();
  const busy = useSetup((s) => s.busy);
  const [draft, setDraft] = useState<OrganizationInput>({ name: '', legal_name: '', identification_type: '02', identification_number: '', email: '', phone: '' });
  const field = (key: keyof OrganizationInput) => ({
    value: draft[key] ?? '',
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value }),
    'data-testid': `org-${key}`,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void useSetup.getState().createOrganization(draft);
  };
  return (
    <form onSubmit={submit} data-testid="setup-organization">
      <p>{t('setup.org.why')}</p>
      <div className="form-row">
        <label>{t('setup.org.name')}<input {...field('name')} required maxLength={100} autoFocus autoComplete="organization" /></label>
        <label>{t('setup.org.legalName')}<input {...field('legal_name')} maxLength={100} autoComplete="off" /></label>
      </div>
      <div className="form-row">
        <label>
          {t('setup.org.idType')}
          <select {...field('identification_type')}>
            {ID_TYPES.map((type) => <option key={type} value={type}>{t(`setup.idType.${type}` as MessageKey)}</option>)}
          </select>
        </label>
        <label>{t('setup.org.idNumber')}<input {...field('identification_number')} required maxLength={20} autoComplete="off" /></label>
      </div>
      <div className="form-row">
        <label>{t('setup.org.email')}<input {...field('email')} type="email" required maxLength={160} autoComplete="email" /></label>
        <label>{t('setup.org.phone')}<input {...field('phone')} type="tel" maxLength={20} autoComplete="tel" /></label>
      </div>
      <StepError />
      <button type="submit" className="primary" disabled={busy}>{t('setup.org.create')}</button>
    </form>
  );
}
