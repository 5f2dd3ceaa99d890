/** The open webhook: its settings, the secret once, test / edit / activate / new secret / delete, and its log. */
import { useLanguage } from '../i18n/store.ts';
import { useT } from './messages.ts';
import { DeliveriesLog } from './DeliveriesLog.tsx';
import { resultText, when } from './format.ts';
import { SecretNotice } from './SecretNotice.tsx';
import { useWebhooks } from './store.ts';

export function WebhookDetail() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const s = useWebhooks();
  const webhook = s.items.find((w) => w.id === s.openId);
  if (!webhook) return null;
  const secret = s.secret?.webhookId === webhook.id ? s.secret.secret : null;
  const tested = s.tested?.webhookId === webhook.id ? s.tested.delivery : null;

  const remove = () => {
    if (window.confirm(t('webhooks.confirmDelete', { name: webhook.name }))) void s.remove();
  };
  const regenerate = () => {
    if (window.confirm(t('webhooks.confirmRegenerate'))) void s.regenerateSecret();
  };

  return (
    <section className="webhooks-detail" data-testid="webhook-detail">
      <header className="row">
        <h3>{webhook.name}</h3>
        <span className={`badge ${webhook.is_active ? 'badge-accepted' : 'badge-rejected'}`}>{webhook.is_active ? t('webhooks.active') : t('webhooks.inactive')}</span>
      </header>
      <p><code className="webhooks-url">{webhook.url}</code></p>
      <p className="muted">
        {webhook.events.join(', ')} · {t('webhooks.failures')}: {webhook.failure_count} · {t('webhooks.lastTriggered')}: {webhook.last_triggered_at ? when(language, webhook.last_triggered_at) : t('webhooks.never')}
      </p>
      {webhook.disabled_at && <p className="error">{t('webhooks.disabled', { when: when(language, webhook.disabled_at), reason: webhook.disabled_reason ?? '' })}</p>}
      {secret && <SecretNotice secret={secret} />}
      <div className="webhooks-actions">
        <button type="button" className="primary" disabled={s.testing} onClick={() => void s.test()} data-testid="webhook-test">
          {s.testing ? t('webhooks.testing') : t('webhooks.test')}
        </button>
        <button type="button" onClick={() => s.startEdit()}>{t('webhooks.edit')}</button>
        <button type="button" onClick={() => void s.setActive(!webhook.is_active)}>{webhook.is_active ? t('webhooks.deactivate') : t('webhooks.activate')}</button>
        <button type="button" onClick={regenerate}>{t('webhooks.regenerate')}</button>
        <button type="button" className="danger" onClick={remove}>{t('webhooks.delete')}</button>
      </div>
      {tested && (
        <p className={tested.successful ? 'webhooks-ok' : 'error'} role="status" data-testid="webhook-test-result" data-successful={tested.successful}>
          {tested.successful
            ? t('webhooks.testOk', { status: tested.response_status ?? '', ms: tested.response_time_ms ?? '' })
            : t('webhooks.testFailed', { detail: resultText(tested) })}
        </p>
      )}
      <DeliveriesLog />
    </section>
  );
}
