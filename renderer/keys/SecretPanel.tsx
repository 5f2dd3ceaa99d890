/** The secret of the key just created, shown once, selected for copying, with a copy button. */
import { useState } from 'react';
import { useT } from './messages.ts';
import { useKeys } from './store.ts';
import type { CreatedKey } from './types.ts';

export function SecretPanel({ created }: { created: CreatedKey }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    // The clipboard API may be refused (no permission): the field stays selected for Ctrl+C.
    void navigator.clipboard?.writeText(created.secret).then(() => setCopied(true), () => setCopied(false));
  };
  return (
    <div className="secret-panel" role="status" data-testid="key-secret-panel">
      <strong>{t('keys.secretTitle', { name: created.name })}</strong> {t('keys.secretOnce')}
      <div className="secret-row">
        <input readOnly value={created.secret} onFocus={(e) => e.currentTarget.select()} autoFocus data-testid="key-secret" />
        <button type="button" onClick={copy}>{t('keys.copy')}</button>
        <button type="button" onClick={() => useKeys.getState().dismissSecret()}>{t('keys.dismiss')}</button>
      </div>
      {copied && <span className="muted">{t('keys.copied')}</span>}
    </div>
  );
}
