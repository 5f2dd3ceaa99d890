/**
 * Asked once, when the organization has no location yet: the issuer's Ubicacion every ticket's XML
 * needs. Saved with the organization (PUT /organizations/me), so every screen and PC shares it.
 */
import { useState, type FormEvent } from 'react';
import { useT } from './messages.ts';
import { isCompleteAddress, type Address } from '../shared/address.ts';
import { useCounter } from './store.ts';

const FIELDS = ['province', 'canton', 'district', 'neighborhood', 'details'] as const;

export function IssuerAddressForm() {
  const t = useT();
  const error = useCounter((s) => s.addressError);
  const [draft, setDraft] = useState<Partial<Address>>({});
  const [saving, setSaving] = useState(false);
  const valid = isCompleteAddress(draft);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!isCompleteAddress(draft)) return;
    setSaving(true);
    await useCounter.getState().saveAddress(draft);
    setSaving(false);
  };
  return (
    <form className="address" onSubmit={(e) => void submit(e)} data-testid="issuer-address">
      <p>{t('address.why')}</p>
      {FIELDS.map((field) => (
        <label key={field}>
          {t(`address.${field}`)}
          <input value={draft[field] ?? ''} onChange={(e) => setDraft({ ...draft, [field]: e.target.value })} autoComplete="off" />
        </label>
      ))}
      {error && <p className="error" role="alert">{error}</p>}
      <button type="submit" disabled={!valid || saving}>{t('address.save')}</button>
    </form>
  );
}
