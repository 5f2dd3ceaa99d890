/** Province, canton and district pickers (each level loads the next), neighbourhood and other signs. */
import { useT } from './messages.ts';
import type { Place } from './types.ts';
import { useRecipients } from './store.ts';

function Picker({ label, value, places, onChange, testId }: { label: string; value: string; places: Place[]; onChange(code: string): void; testId: string }) {
  const t = useT();
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        <option value="">{t('recipients.choose')}</option>
        {places.map((p) => <option key={p.code} value={p.code}>{p.code} {p.name}</option>)}
      </select>
    </label>
  );
}

export function LocationFields() {
  const t = useT();
  const s = useRecipients();
  if (!s.draft) return null;
  return (
    <fieldset className="recipients-location">
      <legend>{t('recipients.province')} / {t('recipients.canton')} / {t('recipients.district')}</legend>
      <div className="recipients-three">
        <Picker label={t('recipients.province')} value={s.draft.province} places={s.provinces} onChange={(p) => void s.setProvince(p)} testId="recipient-province" />
        <Picker label={t('recipients.canton')} value={s.draft.canton} places={s.cantons} onChange={(c) => void s.setCanton(c)} testId="recipient-canton" />
        <Picker label={t('recipients.district')} value={s.draft.district} places={s.districts} onChange={(d) => s.setDraft({ district: d })} testId="recipient-district" />
      </div>
      <div className="recipients-two">
        <label>
          {t('recipients.neighborhood')}
          <input value={s.draft.neighborhood} maxLength={50} onChange={(e) => s.setDraft({ neighborhood: e.target.value })} />
        </label>
        <label>
          {t('recipients.otherAddress')}
          <input value={s.draft.other_address} maxLength={300} onChange={(e) => s.setDraft({ other_address: e.target.value })} />
        </label>
      </div>
    </fieldset>
  );
}
