/**
 * API keys for the local POS software: create an organization key (its secret shows once), see every key
 * of the account with its last use, revoke one. The browser's internal keys are marked and cannot be
 * revoked here (that would sign this very session out).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { currentEndpoint } from '../api/endpoint.ts';
import { errorText, useLanguage } from '../i18n/store.ts';
import { useT, en, type MessageKey } from './messages.ts';
import { SecretPanel } from './SecretPanel.tsx';
import { isInternal, keyState, useKeys, visibleKeys } from './store.ts';
import type { ApiKey, KeyDraft } from './types.ts';
import './keys.css';

/** The API's address as a POS program on this machine or network must write it. */
function apiUrl(): string {
  const base = currentEndpoint().base;
  return base.startsWith('/') ? `${globalThis.location?.origin ?? ''}${base}` : base;
}

function KeyRow({ apiKey, now }: { apiKey: ApiKey; now: Date }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const busy = useKeys((s) => s.busy);
  const [confirming, setConfirming] = useState(false);
  const state = keyState(apiKey, now);
  const internal = isInternal(apiKey);
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(language === 'en' ? 'en-US' : 'es-CR') : t('keys.never'));
  return (
    <tr className={`${state}${internal ? ' internal' : ''}`} data-testid="key-row">
      <td>{internal ? <span className="muted">{t('keys.internal')}</span> : apiKey.name}</td>
      <td className="code">{apiKey.prefix}…</td>
      <td>{t(`keys.mode.${apiKey.mode}`)}</td>
      <td>{apiKey.organization_id ? t('keys.scope.organization') : t('keys.scope.account')}</td>
      <td>{when(apiKey.last_used_at)}</td>
      <td>{t(`keys.state.${state}`)}</td>
      <td>
        {!internal && state === 'active' && (confirming ? (
          <span className="confirm">
            {t('keys.confirmRevoke', { name: apiKey.name })}{' '}
            <button type="button" className="danger" disabled={busy} onClick={() => void useKeys.getState().revoke(apiKey.id)}>{t('keys.revokeYes')}</button>
            <button type="button" onClick={() => setConfirming(false)} autoFocus>{t('keys.cancel')}</button>
          </span>
        ) : (
          <button type="button" onClick={() => setConfirming(true)}>{t('keys.revoke')}</button>
        ))}
      </td>
    </tr>
  );
}

export default function KeysScreen() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const s = useKeys();
  const [draft, setDraft] = useState<KeyDraft>({ name: '', mode: 'test', expires_on: '' });
  const [showInactive, setShowInactive] = useState(false);

  useEffect(() => {
    void useKeys.getState().load();
    // The secret shows once: leaving the screen forgets it, it is not there on the next visit.
    return () => useKeys.getState().dismissSecret();
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await useKeys.getState().create(draft)) setDraft({ name: '', mode: draft.mode, expires_on: '' });
  };
  const problemKey = s.error ? `keys.problem.${s.error.message}` : '';
  const now = new Date();
  const keys = visibleKeys(s.keys, showInactive, now);

  return (
    <section className="keys-screen" data-testid="keys-screen">
      <h2>{t('keys.title')}</h2>
      <p className="muted">{t('keys.intro', { url: apiUrl() })}</p>
      {s.created && <SecretPanel created={s.created} />}
      <form className="key-form" onSubmit={(e) => void submit(e)}>
        <label>{t('keys.name')}<input value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} maxLength={100} data-testid="key-name" /></label>
        <label>
          {t('keys.mode')}
          <select value={draft.mode} onChange={(e) => setDraft({ ...draft, mode: e.target.value as KeyDraft['mode'] })}>
            <option value="test">{t('keys.mode.test')}</option>
            <option value="live" disabled={!s.liveAllowed}>{t('keys.mode.live')}{s.liveAllowed ? '' : ` — ${t('keys.liveNeedsPlan')}`}</option>
          </select>
        </label>
        <label>{t('keys.expires')}<input type="date" value={draft.expires_on} onChange={(e) => setDraft({ ...draft, expires_on: e.target.value })} /></label>
        <button type="submit" className="primary" disabled={s.busy || !s.profile} data-testid="key-create">{t('keys.create')}</button>
      </form>
      {s.error && <p className="error" role="alert">{problemKey in en ? t(problemKey as MessageKey) : errorText(language, s.error)}</p>}
      <label className="check">
        <input type="checkbox" checked={showInactive} onChange={(e) => setShowInactive(e.target.checked)} />
        {t('keys.showInactive')}
      </label>
      {keys.length === 0 ? (
        <p className="muted">{t('keys.none')}</p>
      ) : (
        <table className="keys-table" data-testid="keys-table">
          <thead>
            <tr>
              <th>{t('keys.col.name')}</th><th>{t('keys.col.prefix')}</th><th>{t('keys.col.mode')}</th><th>{t('keys.col.scope')}</th>
              <th>{t('keys.col.lastUsed')}</th><th>{t('keys.col.state')}</th><th />
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => <KeyRow key={k.id} apiKey={k} now={now} />)}
          </tbody>
        </table>
      )}
    </section>
  );
}
