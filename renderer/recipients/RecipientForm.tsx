/**
 * One recipient: identification first (Enter there asks the tax authority's register, which fills the
 * name), then contact and location. Ctrl+Enter saves, Esc closes.
 */
import { useEffect, useRef, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from './messages.ts';
import { formKeys } from '../shared/form-keys.ts';
import { draftProblems, IDENTIFICATION_TYPES, type DraftField } from './draft.ts';
import { LocationFields } from './LocationFields.tsx';
import { useRecipients } from './store.ts';
import { TaxpayerLookup } from './TaxpayerLookup.tsx';

export function RecipientForm() {
  const t = useT();
  const s = useRecipients();
  const idBox = useRef<HTMLInputElement>(null);
  useEffect(() => idBox.current?.focus(), [s.openId]);
  if (!s.draft) return <p className="muted">{t('recipients.pick')}</p>;
  const { draft } = s;
  const problems = s.tried ? draftProblems(draft) : {};

  const problem = (field: DraftField, serverFields: string[] = [field]): ReactNode => {
    const local = problems[field];
    const text = local ? t(`recipients.problem.${local}`) : serverFields.flatMap((f) => s.fieldErrors[f] ?? []).join(' ');
    return text ? <span className="recipients-problem" role="alert">{text}</span> : null;
  };
  const onIdKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      void s.lookUp();
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void s.save();
  };
  const remove = () => {
    if (window.confirm(t('recipients.confirmDelete', { name: draft.name }))) void s.remove();
  };
  const text = (field: 'name' | 'commercial_name' | 'email' | 'country_code' | 'phone' | 'notes', label: string, maxLength: number, testId?: string) => (
    <label>
      {label}
      <input value={draft[field]} maxLength={maxLength} onChange={(e) => s.setDraft({ [field]: e.target.value })} data-testid={testId} autoComplete="off" />
    </label>
  );

  return (
    <form className="recipients-form" onSubmit={submit} onKeyDown={formKeys(s.close, s.save)} data-testid="recipient-form" noValidate>
      <h3>{s.openId === 'new' ? t('recipients.newTitle') : t('recipients.editTitle')}</h3>
      <div className="recipients-id">
        <label>
          {t('recipients.idType')}
          <select value={draft.identification_type} onChange={(e) => s.setDraft({ identification_type: e.target.value })} data-testid="recipient-id-type">
            {IDENTIFICATION_TYPES.map((type) => <option key={type} value={type}>{type} {t(`recipients.idType.${type}`)}</option>)}
          </select>
        </label>
        <label>
          {t('recipients.idNumber')}
          <input ref={idBox} value={draft.identification_number} maxLength={25} onChange={(e) => s.setDraft({ identification_number: e.target.value })} onKeyDown={onIdKey} data-testid="recipient-id" autoComplete="off" />
        </label>
        <button type="button" onClick={() => void s.lookUp()} disabled={s.lookup?.state === 'looking'} data-testid="recipient-lookup-button">{t('recipients.lookUp')}</button>
      </div>
      {problem('identification_number', ['identification_number', 'identification_type'])}
      <TaxpayerLookup />
      <label className="recipients-check">
        <input type="checkbox" checked={draft.is_foreign} onChange={(e) => s.setDraft({ is_foreign: e.target.checked })} />
        {t('recipients.foreign')}
      </label>
      {text('name', t('recipients.name'), 100, 'recipient-name')}
      {problem('name')}
      <div className="recipients-two">
        {text('commercial_name', t('recipients.commercialName'), 80)}
        <div>
          {text('email', t('recipients.email'), 160, 'recipient-email')}
          {problem('email')}
        </div>
      </div>
      <div className="recipients-phone">
        {text('country_code', t('recipients.countryCode'), 3)}
        <div>
          {text('phone', t('recipients.phone'), 20)}
          {problem('phone')}
        </div>
      </div>
      <LocationFields />
      {problem('location', ['province', 'canton', 'district'])}
      {text('notes', t('recipients.notes'), 1000)}
      <div className="recipients-actions">
        <button type="submit" className="primary" disabled={s.saving} data-testid="recipient-save">{s.saving ? t('recipients.saving') : t('recipients.save')}</button>
        <button type="button" onClick={() => s.close()}>{t('recipients.close')}</button>
        {typeof s.openId === 'number' && <button type="button" className="danger" onClick={remove}>{t('recipients.delete')}</button>}
        {s.saved && <span className="recipients-ok" role="status" data-testid="recipient-saved">{t('recipients.savedOk')}</span>}
      </div>
    </form>
  );
}
