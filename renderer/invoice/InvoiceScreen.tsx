/**
 * Invoices and notes: any document type of the spec, for a receiver from the saved recipients or the tax
 * register, in colones or another currency (the day's rate filled in), with live totals from the server's
 * draft check. Keyboard: F2 receiver, F4 add a line, F9 or Ctrl+Enter issues.
 */
import { useEffect, useRef } from 'react';
import { useT } from './messages.ts';
import { useConnectivity } from '../shared/connectivity/store.ts';
import { takeHandover } from '../shared/navigation.ts';
import { needsReference } from './document-types.ts';
import { HeaderFields } from './HeaderFields.tsx';
import { IssuedInvoice } from './IssuedInvoice.tsx';
import { LinesEditor } from './LinesEditor.tsx';
import { PartyPanel } from './PartyPanel.tsx';
import { REFERENCE_FIELDS, ReferencePanel } from './ReferencePanel.tsx';
import { TotalsPanel } from './TotalsPanel.tsx';
import { useInvoice } from './store.ts';
import './invoice.css';

export default function InvoiceScreen() {
  const t = useT();
  const s = useInvoice();
  const offline = useConnectivity((c) => c.reachable === false);
  const partySearch = useRef<HTMLInputElement>(null);
  const lineSearch = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // A note started from Documents (shared/navigation.ts) is prefilled before the tables are read.
    const handed = takeHandover('invoice');
    if (handed) useInvoice.getState().startNote(handed.note, handed.source);
    const store = useInvoice.getState();
    void store.load();
    store.watchIssued();
    // A note started from Documents arrives with its receiver: the lines come next.
    (store.party ? lineSearch : partySearch).current?.focus();
    return () => useInvoice.getState().dispose();
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const issueKeys = e.key === 'Enter' && (e.ctrlKey || e.metaKey);
      // A modified F-key is the system's (Alt+F4 closes the window), as on the counter (counter/keys.ts).
      if (!issueKeys && (e.altKey || e.ctrlKey || e.metaKey)) return;
      if (e.key === 'F2') partySearch.current?.focus();
      else if (e.key === 'F4') lineSearch.current?.focus();
      else if (e.key === 'F9' || issueKeys) void useInvoice.getState().issue(useConnectivity.getState().reachable === false);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const canIssue = !s.issuing && s.org !== null && s.lines.length > 0 && s.validation.state !== 'invalid';
  // Refusals the reference panel shows beside their fields are only pointed at here.
  const issueError = () => {
    if (s.errorCode === 'network_error') return t('error.server_unreachable');
    const paths = Object.keys(s.fieldErrors);
    const atFields = paths.length > 0 && needsReference(s.documentType) && paths.every((p) => REFERENCE_FIELDS.some((f) => p === `reference.${f}` || p === `reference.0.${f}`));
    return atFields ? t('invoice.fieldsRefused') : s.error;
  };
  return (
    <section className="invoice" data-testid="invoice-screen">
      <HeaderFields />
      {s.org && !s.org.address && (
        <p className="hint" data-testid="address-hint">{t('invoice.noAddress')} <a href="#settings">{t('invoice.toSettings')}</a></p>
      )}
      <div className="invoice-top">
        <PartyPanel searchRef={partySearch} />
        <div className="invoice-actions">
          <TotalsPanel />
          <button type="button" className="issue" data-testid="issue" disabled={!canIssue} onClick={() => void s.issue(offline)}>
            {s.issuing ? t('invoice.issuing') : t('invoice.issue')}
          </button>
          {s.error && <p className="error" role="alert" data-testid="issue-error">{issueError()}</p>}
          <IssuedInvoice />
        </div>
      </div>
      {needsReference(s.documentType) && <ReferencePanel />}
      <LinesEditor searchRef={lineSearch} />
      <p className="keys muted">{t('invoice.keys')}</p>
    </section>
  );
}
