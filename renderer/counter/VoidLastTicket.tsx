/**
 * The issued box's "Anular este tiquete": offered once the tax authority accepted it (the only state the
 * server voids), confirmed before the credit note is issued (void-ticket.ts).
 */
import { useT } from './messages.ts';
import { isFinal } from '../shared/poller.ts';
import type { IssuedTicket } from './store.ts';
import { useVoidTicket } from './void-ticket.ts';

export function VoidLastTicket({ issued }: { issued: IssuedTicket }) {
  const t = useT();
  const v = useVoidTicket();
  const creditNote = v.voided[issued.clave];
  if (creditNote) return <p role="status" data-testid="void-done">{t('counter.voidDone', { consecutive: creditNote })}</p>;
  if (v.confirming === issued.clave) {
    return (
      <div className="counter-confirm" role="alertdialog" aria-label={t('counter.void')} data-testid="void-confirm">
        <p>{t('counter.voidConfirm', { consecutive: issued.consecutive })}</p>
        <button type="button" disabled={v.busy} onClick={() => void v.confirm()} data-testid="void-yes">{t('counter.voidYes')}</button>
        <button type="button" disabled={v.busy} onClick={v.cancel}>{t('counter.voidNo')}</button>
        {v.error && <p className="error" role="alert">{v.error.message}</p>}
      </div>
    );
  }
  const accepted = issued.status === 'accepted';
  return (
    <>
      <button type="button" disabled={!accepted} onClick={() => v.ask(issued.clave)} data-testid="void">{t('counter.void')}</button>
      {!accepted && !isFinal(issued.status) && <span className="muted"> {t('counter.voidPending')}</span>}
    </>
  );
}
