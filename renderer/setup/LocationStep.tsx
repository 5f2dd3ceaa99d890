/** Step 2: the issuer's location and main economic activity, which every ticket carries (PUT /organizations/me). */
import { useState, type FormEvent } from 'react';
import { useT } from './messages.ts';
import { ActivityField } from '../shared/organization/ActivityField.tsx';
import { AddressFields } from '../shared/organization/AddressFields.tsx';
import { isCompleteAddress, type AddressDraft } from '../shared/address.ts';
import { ACTIVITY_CODE } from '../shared/organization/profile.ts';
import { StepError } from './StepError.tsx';
import { useSetup } from './store.ts';

export function LocationStep() {
  const t = useT();
  const busy = useSetup((s) => s.busy);
  const profile = useSetup((s) => s.profile);
  const [activity, setActivity] = useState(profile?.economic_activities[0] ?? '');
  const [address, setAddress] = useState<AddressDraft>(profile?.address ?? {});
  const [tried, setTried] = useState(false);
  const complete = ACTIVITY_CODE.test(activity.trim()) && isCompleteAddress(address);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (complete && isCompleteAddress(address)) void useSetup.getState().saveLocation(address, activity.trim());
  };
  return (
    <form onSubmit={submit} data-testid="setup-location">
      <p>{t('setup.location.why')}</p>
      <ActivityField value={activity} onChange={setActivity} autoFocus />
      <AddressFields value={address} onChange={setAddress} />
      {tried && !complete && <p className="error" role="alert">{t('setup.location.incomplete')}</p>}
      <StepError />
      <button type="submit" className="primary" disabled={busy}>{t('setup.location.save')}</button>
    </form>
  );
}
