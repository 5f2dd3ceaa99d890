/** The open webhook's delivery log, one row per attempt, newest first; any attempt can be resent. */
import { useLanguage } from '../i18n/store.ts';
import { useT, type MessageKey } from './messages.ts';
import { eventKey, resultText, when } from './format.ts';
import { useWebhooks } from './store.ts';

const STATUS_KEYS = new Set(['succeeded', 'retrying', 'failed', 'pending']);

export function DeliveriesLog() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const deliveries = useWebhooks((s) => s.deliveries);
  const redelivering = useWebhooks((s) => s.redelivering);

  return (
    <section className="webhooks-deliveries">
      <header className="row">
        <h3>{t('webhooks.deliveries')}</h3>
        <button type="button" onClick={() => void useWebhooks.getState().refreshDeliveries()}>{t('webhooks.refresh')}</button>
      </header>
      {deliveries.length === 0 ? (
        <p className="muted">{t('webhooks.noDeliveries')}</p>
      ) : (
        <table data-testid="webhook-deliveries">
          <thead>
            <tr><th>{t('webhooks.when')}</th><th>{t('webhooks.event')}</th><th>{t('webhooks.attempt')}</th><th>{t('webhooks.result')}</th><th /></tr>
          </thead>
          <tbody>
            {deliveries.map((d) => {
              const event = eventKey(d.event);
              return (
                <tr key={d.id} data-event={d.event} data-delivery={d.id}>
                  <td>{when(language, d.delivered_at ?? d.created_at)}</td>
                  <td title={d.event_id}>{event ? t(event) : d.event}</td>
                  <td className="num">{d.attempt}</td>
                  <td>
                    <span className={`badge webhooks-status-${d.status}`} data-status={d.status}>
                      {STATUS_KEYS.has(d.status) ? t(`webhooks.status.${d.status}` as MessageKey) : d.status}
                    </span>{' '}
                    <span data-testid="delivery-result">{resultText(d)}</span>
                    {d.next_attempt_at && <span className="muted"> · {t('webhooks.nextAttempt', { when: when(language, d.next_attempt_at) })}</span>}
                  </td>
                  <td>
                    <button type="button" disabled={redelivering !== null} onClick={() => void useWebhooks.getState().redeliver(d.id)} data-testid="redeliver">
                      {redelivering === d.id ? t('webhooks.redelivering') : t('webhooks.redeliver')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
