/**
 * Province → canton → district pickers of the official location table, then the neighbourhood and the
 * other signs. Native selects: type-ahead and arrow keys work without a mouse. Changing a level clears
 * the levels below it, which belonged to the old one.
 */
import { useEffect } from 'react';
import { errorText, useLanguage } from '../../i18n/store.ts';
import { useT } from '../messages.ts';
import type { AddressDraft } from '../address.ts';
import { districtKey, usePlaces } from './places-store.ts';
import type { Place } from './profile.ts';

function PlaceSelect({ label, value, places, onChange, testId }: { label: string; value: string | undefined; places: Place[] | undefined; onChange(code: string): void; testId: string }) {
  const t = useT();
  return (
    <label>
      {label}
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value)} disabled={!places || places.length === 0} data-testid={testId}>
        <option value="">{t('setup.choose')}</option>
        {places?.map((p) => <option key={p.code} value={p.code}>{p.name}</option>)}
      </select>
    </label>
  );
}

export function AddressFields({ value, onChange }: { value: AddressDraft; onChange(next: AddressDraft): void }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { provinces, cantons, districts, error } = usePlaces();
  const { province, canton } = value;

  useEffect(() => {
    void usePlaces.getState().loadProvinces();
  }, []);
  useEffect(() => {
    if (province) void usePlaces.getState().loadCantons(province);
  }, [province]);
  useEffect(() => {
    if (province && canton) void usePlaces.getState().loadDistricts(province, canton);
  }, [province, canton]);

  return (
    <div className="address-fields">
      <div className="form-row three">
        <PlaceSelect label={t('setup.province')} value={province} places={provinces} testId="address-province"
          onChange={(code) => onChange({ ...value, province: code, canton: '', district: '' })} />
        <PlaceSelect label={t('setup.canton')} value={canton} places={province ? cantons[province] : undefined} testId="address-canton"
          onChange={(code) => onChange({ ...value, canton: code, district: '' })} />
        <PlaceSelect label={t('setup.district')} value={value.district} places={province && canton ? districts[districtKey(province, canton)] : undefined} testId="address-district"
          onChange={(code) => onChange({ ...value, district: code })} />
      </div>
      {/* A list that could not be read leaves its picker empty: say why. */}
      {error && <p className="error" role="alert">{errorText(language, error)}</p>}
      <div className="form-row wide">
        <label>
          {t('setup.neighborhood')}
          <input value={value.neighborhood ?? ''} maxLength={50} onChange={(e) => onChange({ ...value, neighborhood: e.target.value })} autoComplete="off" data-testid="address-neighborhood" />
        </label>
        <label>
          {t('setup.details')}
          <input value={value.details ?? ''} maxLength={250} onChange={(e) => onChange({ ...value, details: e.target.value })} autoComplete="off" data-testid="address-details" />
        </label>
      </div>
    </div>
  );
}
