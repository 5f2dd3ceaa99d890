/**
 * Webhooks: the list on the left, the open one (or the form) on the right, the delivery log polled while
 * a webhook is open, so test deliveries and document events show up without asking. Alt+N starts a new
 * one; ↑/↓ in the list open the neighbour.
 */
import { useEffect, type KeyboardEvent } from 'react';
import { errorText, useLanguage } from '../i18n/store.ts';
import { useT } from './messages.ts';
import { useWebhooks } from './store.ts';
import { WebhookDetail } from './WebhookDetail.tsx';
import { WebhookForm } from './WebhookForm.tsx';
import './webhooks.css';

const POLL_MS = 3000;

export default function WebhooksScreen() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { items, loaded, openId, editing, error } = useWebhooks();

  useEffect(() => {
    void useWebhooks.getState().load();
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.altKey && (e.key === 'n' || e.key === 'N')) {
        e.preventDefault();
        useWebhooks.getState().startNew();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      // The signing secret shows once: leaving the screen forgets it, it is not there on the next visit.
      useWebhooks.getState().dismissSecret();
    };
  }, []);

  useEffect(() => {
    if (openId === null) return;
    // One poll at a time: a slow server is not asked again before it answered (each newer request would
    // make the one before it stale, and nothing would ever show).
    let polling = false;
    const timer = setInterval(() => {
      if (polling) return;
      polling = true;
      const s = useWebhooks.getState();
      // The log, and the list for the failure count, last sent and deactivation.
      void Promise.all([s.refreshDeliveries(), s.load()]).finally(() => {
        polling = false;
      });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [openId]);

  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const index = items.findIndex((w) => w.id === openId);
    const next = items[Math.min(items.length - 1, Math.max(0, index + (e.key === 'ArrowDown' ? 1 : -1)))];
    if (!next) return;
    void useWebhooks.getState().open(next.id);
    e.currentTarget.querySelector<HTMLButtonElement>(`[data-id="${next.id}"]`)?.focus();
  };

  return (
    <section className="webhooks" data-testid="webhooks-screen">
      <div className="webhooks-list">
        <header className="row">
          <h2>{t('webhooks.title')}</h2>
          <button type="button" className="primary" onClick={() => useWebhooks.getState().startNew()} data-testid="webhook-new">{t('webhooks.new')}</button>
        </header>
        <p className="muted">{t('webhooks.intro')}</p>
        {loaded && items.length === 0 && <p className="muted">{t('webhooks.empty')}</p>}
        {items.length > 0 && <ul onKeyDown={onListKey} data-testid="webhook-list">
          {items.map((w) => (
            <li key={w.id}>
              <button type="button" data-id={w.id} className={w.id === openId ? 'selected' : ''} aria-current={w.id === openId} onClick={() => void useWebhooks.getState().open(w.id)}>
                <strong>{w.name}</strong>
                <span className={`badge ${w.is_active ? 'badge-accepted' : 'badge-rejected'}`}>{w.is_active ? t('webhooks.active') : t('webhooks.inactive')}</span>
                <code className="webhooks-url">{w.url}</code>
              </button>
            </li>
          ))}
        </ul>}
        <p className="keys muted">{t('webhooks.keys')}</p>
      </div>
      <div className="webhooks-main">
        {error && <p className="error" role="alert">{errorText(language, error)}</p>}
        {editing ? <WebhookForm /> : <WebhookDetail />}
      </div>
    </section>
  );
}
