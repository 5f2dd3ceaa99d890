/**
 * Step 4: a test ticket to the sandbox, followed to the tax authority's verdict. Accepted: on to the
 * counter. Rejected: the tax authority's message and reasons, and another try.
 */
import { useEffect, useRef } from 'react';
import { useT } from './messages.ts';
import { StatusBadge } from '../shared/StatusBadge.tsx';
import { StepError } from './StepError.tsx';
import { useSetup } from './store.ts';
import { isFinal } from '../shared/poller.ts';
import { SandboxMark } from '../shared/SandboxMark.tsx';

export function TicketStep() {
  const t = useT();
  const { busy, ticket, ticketWaitOver } = useSetup();
  const next = useRef<HTMLButtonElement>(null);
  const issue = useRef<HTMLButtonElement>(null);
  const status = ticket?.status;
  const done = status !== undefined && isFinal(status);

  // The step opens while the certificate step still finishes (the button disabled): focus it once usable.
  useEffect(() => {
    if (!busy && !ticket) issue.current?.focus();
  }, [busy, ticket]);

  // The verdict moves the focus to what comes next, so Enter continues.
  useEffect(() => {
    if ((done || ticketWaitOver) && !busy) next.current?.focus();
  }, [done, ticketWaitOver, busy]);

  const finish = () => useSetup.getState().finish();
  return (
    <div data-testid="setup-ticket">
      <p>{t('setup.ticket.why')}</p>
      <SandboxMark>{t('setup.ticket.sandbox')}</SandboxMark>
      {!ticket && (
        <button type="button" className="primary" disabled={busy} onClick={() => void useSetup.getState().issueTestTicket()} ref={issue} data-testid="setup-issue">
          {busy ? t('setup.ticket.issuing') : t('setup.ticket.issue')}
        </button>
      )}
      {ticket && (
        <div className="setup-ticket" data-testid="setup-ticket-status">
          <p>
            <StatusBadge status={ticket.status} /> {ticket.consecutive}
            <br />
            <code>{ticket.clave}</code>
          </p>
          {!done && !ticketWaitOver && <p aria-live="polite">{t('setup.ticket.waiting')}</p>}
          {ticketWaitOver && <p>{t('setup.ticket.waitOver')}</p>}
          {status === 'accepted' && <p className="success" role="status">{t('setup.ticket.accepted')}</p>}
          {(status === 'rejected' || status === 'error') && (
            <div role="alert">
              <p className="error">{t('setup.ticket.rejected')}</p>
              {ticket.message && <p><strong>{t('setup.ticket.message')}:</strong> {ticket.message}</p>}
              {ticket.rejections.length > 0 && <ul>{ticket.rejections.map((line, i) => <li key={i}>{line}</li>)}</ul>}
            </div>
          )}
        </div>
      )}
      <StepError />
      <div className="setup-actions">
        {status === 'accepted' || ticketWaitOver ? (
          <button type="button" className="primary" ref={next} onClick={finish} data-testid="setup-finish">{t('setup.ticket.toCounter')}</button>
        ) : (
          <>
            {done && <button type="button" className="primary" ref={next} disabled={busy} onClick={() => void useSetup.getState().issueTestTicket()}>{t('setup.ticket.again')}</button>}
            <button type="button" className="link" onClick={finish} data-testid="setup-skip">{t('setup.ticket.skip')}</button>
          </>
        )}
      </div>
    </div>
  );
}
