/**
 * The confirmation before going live: what changes for the shop (real documents, final once issued, the
 * production counters, the mark, the licence). Focus starts on "Cancel" and Esc closes it: going live is
 * never one stray Enter away.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useT } from './messages.ts';
import { useGoLive } from './store.ts';

export function GoLiveDialog() {
  const t = useT();
  const { busy, plan } = useGoLive();
  const cancelButton = useRef<HTMLButtonElement>(null);
  // It opens while the check that opened it finishes (buttons disabled): focus once usable.
  useEffect(() => {
    if (!busy) cancelButton.current?.focus();
  }, [busy]);
  const cancel = () => useGoLive.getState().cancel();
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    cancel();
  };

  return (
    <div className="dialog-backdrop" onKeyDown={onKey}>
      <div role="dialog" aria-modal="true" aria-labelledby="go-live-title" className="dialog" data-testid="go-live-dialog">
        <h3 id="go-live-title">{t('settings.golive.confirmTitle')}</h3>
        <ul>
          <li>{t('settings.golive.real')}</li>
          <li>{t('settings.golive.final')}</li>
          <li>{t('settings.golive.consecutives')}</li>
          <li>{t('settings.golive.mark')}</li>
          <li>{t('settings.golive.plan', { plan: plan ?? '—' })}</li>
        </ul>
        <div className="actions">
          <button type="button" className="primary" disabled={busy} onClick={() => void useGoLive.getState().confirm()} data-testid="go-live-confirm">
            {busy ? t('settings.golive.activating') : t('settings.golive.confirm')}
          </button>
          <button type="button" ref={cancelButton} disabled={busy} onClick={cancel}>{t('settings.golive.cancel')}</button>
        </div>
      </div>
    </div>
  );
}
