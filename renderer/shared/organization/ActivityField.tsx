/**
 * The economic-activity code: typed, with the official list as suggestions (a datalist: the browser
 * filters it by code and name as the shopkeeper types, arrows and Enter pick). The name of a known code
 * shows under it; an unlisted code is still allowed (the list helps, the tax authority decides).
 */
import { useEffect, useId } from 'react';
import { useT } from '../messages.ts';
import { usePlaces } from './places-store.ts';

export function ActivityField({ value, onChange, autoFocus = false }: { value: string; onChange(code: string): void; autoFocus?: boolean }) {
  const t = useT();
  const listId = useId();
  const activities = usePlaces((s) => s.activities);
  useEffect(() => {
    void usePlaces.getState().loadActivities();
  }, []);
  const known = activities.find((a) => a.code === value.trim());
  return (
    <label>
      {t('setup.activity')}
      <input list={listId} value={value} onChange={(e) => onChange(e.target.value)} autoComplete="off" autoFocus={autoFocus} data-testid="activity" />
      <datalist id={listId}>
        {activities.map((a) => <option key={a.code} value={a.code}>{a.name}</option>)}
      </datalist>
      <span className="hint muted">{known ? known.name : t('setup.activity.hint')}</span>
    </label>
  );
}
