/** The organization's profile: names, contact, economic activities (the first goes on documents) and location. */
import { useEffect, useState, type FormEvent } from 'react';
import { useT } from './messages.ts';
import { ActivityField } from '../shared/organization/ActivityField.tsx';
import { AddressFields } from '../shared/organization/AddressFields.tsx';
import { isCompleteAddress } from '../shared/address.ts';
import { ACTIVITY_CODE } from '../shared/organization/profile.ts';
import { Feedback, SaveButton } from './Feedback.tsx';
import { draftOf, type ProfileDraft } from './profile-store.ts';
import { useProfileSettings } from './store.ts';

export function ProfileSection() {
  const t = useT();
  const state = useProfileSettings();
  const { profile } = state;
  const [draft, setDraft] = useState<ProfileDraft | null>(null);
  const [adding, setAdding] = useState('');
  const [tried, setTried] = useState(false);

  useEffect(() => {
    if (profile) setDraft(draftOf(profile));
  }, [profile]);

  if (!profile || !draft) return <Feedback state={state} />;
  const addressOk = isCompleteAddress(draft.address);
  const change = (patch: Partial<ProfileDraft>) => setDraft({ ...draft, ...patch });
  const addActivity = () => {
    const code = adding.trim();
    if (!ACTIVITY_CODE.test(code) || draft.economic_activities.includes(code)) return;
    change({ economic_activities: [...draft.economic_activities, code] });
    setAdding('');
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (addressOk) void useProfileSettings.getState().save(draft);
  };

  return (
    <form onSubmit={submit} data-testid="settings-profile">
      <div className="form-row">
        <label>{t('settings.profile.name')}<input value={draft.name} onChange={(e) => change({ name: e.target.value })} maxLength={100} required /></label>
        <label>{t('settings.profile.legalName')}<input value={draft.legal_name} onChange={(e) => change({ legal_name: e.target.value })} maxLength={100} /></label>
      </div>
      <div className="form-row three">
        <label>{t('settings.profile.identification')}<input value={`${profile.identification_type} · ${profile.identification_number}`} readOnly tabIndex={-1} /></label>
        <label>{t('settings.profile.email')}<input type="email" value={draft.email} onChange={(e) => change({ email: e.target.value })} maxLength={160} required /></label>
        <label>{t('settings.profile.phone')}<input type="tel" value={draft.phone} onChange={(e) => change({ phone: e.target.value })} maxLength={20} /></label>
      </div>
      <fieldset>
        <legend>{t('settings.profile.activities')}</legend>
        <ul className="chips">
          {draft.economic_activities.map((code) => (
            <li key={code}>
              <span className="code">{code}</span>
              <button type="button" aria-label={t('settings.profile.removeActivity', { code })}
                onClick={() => change({ economic_activities: draft.economic_activities.filter((c) => c !== code) })}>×</button>
            </li>
          ))}
        </ul>
        <div className="inline-add" onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); addActivity(); } }}>
          <ActivityField value={adding} onChange={setAdding} />
          <button type="button" onClick={addActivity}>{t('settings.profile.add')}</button>
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('settings.profile.prices')}</legend>
        <label className="check">
          <input type="checkbox" checked={draft.prices_include_vat} onChange={(e) => change({ prices_include_vat: e.target.checked })} data-testid="prices-include-vat" />
          {t('settings.profile.pricesIncludeVat')}
        </label>
        <p className="muted">{t(draft.prices_include_vat ? 'settings.profile.pricesWithVat' : 'settings.profile.pricesWithoutVat')}</p>
      </fieldset>
      <fieldset>
        <legend>{t('settings.profile.location')}</legend>
        <AddressFields value={draft.address} onChange={(address) => change({ address })} />
      </fieldset>
      {tried && !addressOk && <p className="error" role="alert">{t('settings.profile.incomplete')}</p>}
      <Feedback state={state} />
      <SaveButton busy={state.busy} />
    </form>
  );
}
