/** Asked once before the first ticket: the issuer's location the ticket's XML needs (issuer-address.ts). */
import { useState, type FormEvent } from 'react';
import { useT } from '../i18n/store.ts';
import { isValidAddress, type IssuerAddress } from './issuer-address.ts';
import { useCounter } from './store.ts';

const FIELDS = ['province', 'canton', 'district', 'details'] as const;

export function IssuerAddressForm() {
  const t = useT();
  const [draft, setDraft] = useState<Partial<IssuerAddress>>({});
  const valid = isValidAddress(draft);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (isValidAddress(draft)) useCounter.getState().setAddress(draft);
  };
  return (
    <form className="address" onSubmit={submit} data-testid="issuer-address">
      <p>{t('address.why')}</p>
      {FIELDS.map((field) => (
        <label key={field}>
          {t(`address.${field}`)}
          <input value={draft[field] ?? ''} onChange={(e) => setDraft({ ...draft, [field]: e.target.value })} autoComplete="off" />
        </label>
      ))}
      <button type="submit" disabled={!valid}>{t('address.save')}</button>
    </form>
  );
}
