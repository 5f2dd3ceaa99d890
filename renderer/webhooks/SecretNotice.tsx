/** The signing secret, right after create or regenerate: shown this once, with a copy button. */
import { useState } from 'react';
import { useT } from './messages.ts';
import { useWebhooks } from './store.ts';

export function SecretNotice({ secret }: { secret: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    // The clipboard may be refused (no permission); the secret stays selectable on screen.
    navigator.clipboard?.writeText(secret).then(() => setCopied(true), () => setCopied(false));
  };
  return (
    <div className="webhooks-secret" role="status" data-testid="webhook-secret">
      <h3>{t('webhooks.secretTitle')}</h3>
      <p>{t('webhooks.secretOnce')}</p>
      <code data-testid="webhook-secret-value">{secret}</code>
      <div className="webhooks-actions">
        <button type="button" onClick={copy}>{copied ? t('webhooks.copied') : t('webhooks.copy')}</button>
        <button type="button" onClick={() => useWebhooks.getState().dismissSecret()}>{t('webhooks.secretDone')}</button>
      </div>
    </div>
  );
}
