/** The consecutive counters of an environment, and moving one forward. */
import { useEffect, useState, type FormEvent } from 'react';
import { useLanguage } from '../i18n/store.ts';
import { useT, type MessageKey } from './messages.ts';
import type { Environment } from '../shared/environment.ts';
import type { CounterDraft } from './counters-store.ts';
import { Feedback } from './Feedback.tsx';
import { useCounters, useProfileSettings } from './store.ts';

const TYPES = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10'] as const;

export function CountersSection() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const state = useCounters();
  const defaultEnvironment = useProfileSettings((s) => s.profile?.default_environment ?? 'staging');
  // A test session reads staging only; production counters are for a session in production.
  const environments: Environment[] = defaultEnvironment === 'production' ? ['production', 'staging'] : ['staging'];
  const [draft, setDraft] = useState<CounterDraft>({ branch: '1', terminal: '1', document_type: '04', next_value: '' });

  useEffect(() => {
    void useCounters.getState().load(defaultEnvironment);
  }, [defaultEnvironment]);

  const change = (patch: Partial<CounterDraft>) => setDraft({ ...draft, ...patch });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void useCounters.getState().save(draft);
  };
  const docName = (type: string) => (TYPES.includes(type as (typeof TYPES)[number]) ? t(`settings.doc.${type}` as MessageKey) : type);

  return (
    <div data-testid="settings-counters">
      <p className="muted">{t('settings.counters.why')}</p>
      {environments.length > 1 && (
        <label className="narrow">
          {t('settings.counters.environment')}
          <select value={state.environment} onChange={(e) => void useCounters.getState().load(e.target.value as Environment)}>
            {environments.map((env) => <option key={env} value={env}>{t(`settings.env.${env}`)}</option>)}
          </select>
        </label>
      )}
      {state.counters.length === 0 ? (
        <p className="muted">{t('settings.counters.none')}</p>
      ) : (
        <table className="compact">
          <thead>
            <tr><th>{t('settings.counters.branch')}</th><th>{t('settings.counters.terminal')}</th><th>{t('settings.counters.type')}</th><th className="num">{t('settings.counters.next')}</th><th>{t('settings.counters.updated')}</th></tr>
          </thead>
          <tbody>
            {state.counters.map((c) => (
              <tr key={`${c.branch}-${c.terminal}-${c.document_type}`}>
                <td className="code">{c.branch}</td><td className="code">{c.terminal}</td><td>{c.document_type} {docName(c.document_type)}</td>
                <td className="num">{c.next_value}</td><td>{new Date(c.updated_at).toLocaleString(language === 'en' ? 'en-US' : 'es-CR')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form onSubmit={submit} className="counter-form">
        <label>{t('settings.counters.branch')}<input value={draft.branch} onChange={(e) => change({ branch: e.target.value })} inputMode="numeric" maxLength={3} /></label>
        <label>{t('settings.counters.terminal')}<input value={draft.terminal} onChange={(e) => change({ terminal: e.target.value })} inputMode="numeric" maxLength={5} /></label>
        <label>
          {t('settings.counters.type')}
          <select value={draft.document_type} onChange={(e) => change({ document_type: e.target.value })}>
            {TYPES.map((type) => <option key={type} value={type}>{type} {docName(type)}</option>)}
          </select>
        </label>
        <label>{t('settings.counters.next')}<input value={draft.next_value} onChange={(e) => change({ next_value: e.target.value })} inputMode="numeric" maxLength={10} /></label>
        <button type="submit" className="primary" disabled={state.busy}>{t('settings.counters.set')}</button>
      </form>
      <Feedback state={state} />
    </div>
  );
}
