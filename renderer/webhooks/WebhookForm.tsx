/** Create or edit a webhook: name, URL, events, retries, time-out, active. Ctrl+Enter saves, Esc cancels. */
import { useEffect, useRef, type FormEvent } from 'react';
import { useT } from './messages.ts';
import { formKeys } from '../shared/form-keys.ts';
import { draftProblems, type DraftField } from './draft.ts';
import { useWebhooks } from './store.ts';
import { EMITTED_EVENTS, RESERVED_EVENTS, type WebhookEventName } from './types.ts';

export function WebhookForm() {
  const t = useT();
  const editing = useWebhooks((s) => s.editing);
  const saving = useWebhooks((s) => s.saving);
  const fieldErrors = useWebhooks((s) => s.fieldErrors);
  const setDraft = useWebhooks((s) => s.setDraft);
  const first = useRef<HTMLInputElement>(null);

  useEffect(() => first.current?.focus(), [editing?.id]);
  if (!editing) return null;
  const { draft } = editing;
  const problems = editing.tried ? draftProblems(draft) : {};

  /** The local problem first, else what the server said about the field. */
  const problem = (field: DraftField) => {
    const local = problems[field];
    const text = local ? t(`webhooks.problem.${local}`) : fieldErrors[field]?.join(' ');
    return text ? <span className="webhooks-problem" role="alert">{text}</span> : null;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void useWebhooks.getState().save();
  };
  const onKey = formKeys(() => useWebhooks.getState().cancelEdit(), () => useWebhooks.getState().save());
  const eventBox = (event: WebhookEventName) => (
    <label key={event} className="webhooks-check">
      <input type="checkbox" checked={draft.events.includes(event)} onChange={() => useWebhooks.getState().toggleEvent(event)} data-testid={`webhook-event-${event}`} />
      <code>{event}</code> {t(`webhooks.event.${event}`)}
    </label>
  );

  return (
    <form className="webhooks-form" onSubmit={submit} onKeyDown={onKey} data-testid="webhook-form" noValidate>
      <h3>{editing.id === null ? t('webhooks.create') : t('webhooks.editTitle')}</h3>
      <label>
        {t('webhooks.name')}
        <input ref={first} value={draft.name} maxLength={100} onChange={(e) => setDraft({ name: e.target.value })} data-testid="webhook-name" autoComplete="off" />
        {problem('name')}
      </label>
      <label>
        {t('webhooks.url')} <span className="muted">{t('webhooks.urlHint')}</span>
        <input type="url" value={draft.url} maxLength={2048} onChange={(e) => setDraft({ url: e.target.value })} data-testid="webhook-url" autoComplete="off" placeholder="https://" />
        {problem('url')}
      </label>
      <fieldset>
        <legend>{t('webhooks.events')}</legend>
        {EMITTED_EVENTS.map(eventBox)}
        <div className="muted">{RESERVED_EVENTS.map(eventBox)}</div>
        {problem('events')}
      </fieldset>
      <div className="webhooks-numbers">
        <label>
          {t('webhooks.maxRetries')}
          <input inputMode="numeric" value={draft.max_retries} onChange={(e) => setDraft({ max_retries: e.target.value })} />
          {problem('max_retries')}
        </label>
        <label>
          {t('webhooks.timeout')}
          <input inputMode="numeric" value={draft.timeout_seconds} onChange={(e) => setDraft({ timeout_seconds: e.target.value })} />
          {problem('timeout_seconds')}
        </label>
        <label className="webhooks-check">
          <input type="checkbox" checked={draft.is_active} onChange={(e) => setDraft({ is_active: e.target.checked })} />
          {t('webhooks.active')}
        </label>
      </div>
      <div className="webhooks-actions">
        <button type="submit" className="primary" disabled={saving} data-testid="webhook-save">{saving ? t('webhooks.saving') : t('webhooks.save')}</button>
        <button type="button" onClick={() => useWebhooks.getState().cancelEdit()}>{t('webhooks.cancel')}</button>
      </div>
    </form>
  );
}
