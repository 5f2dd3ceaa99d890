/**
 * The ticket just issued: its clave at once, its status as the tax authority's answer comes in, the change
 * due from its signed total, its 80 mm receipt to print (F4) — or, on a till with a thermal printer, how
 * the receipt printed there with a retry or a reprint (PrintState.tsx) — voiding it, and saving its CABYS
 * lines as products. It stays until the next sale's first line.
 */
import { useEffect } from 'react';
import { useLanguage } from '../i18n/store.ts';
import { useT } from './messages.ts';
import { StatusBadge } from '../shared/StatusBadge.tsx';
import { isFinal } from '../shared/poller.ts';
import { changeDue } from './cash.ts';
import { decimalOf } from '../shared/decimal.ts';
import { formatMoney } from '../shared/money.ts';
import { ChangeLine } from './PaymentPanel.tsx';
import { PrintState } from './PrintState.tsx';
import { SaveAsProduct } from './SaveAsProduct.tsx';
import { VoidLastTicket } from './VoidLastTicket.tsx';
import { useCounter } from './store.ts';

const POLL_MS = 2000;

export function IssuedPanel({ onPrint }: { onPrint(): void }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const issued = useCounter((s) => s.issued);
  const watching = useCounter((s) => s.printWatching && s.tillPrinter === true);
  const reprinting = useCounter((s) => s.reprinting);
  const status = issued?.status;

  useEffect(() => {
    if (!status || isFinal(status)) return;
    const timer = setInterval(() => void useCounter.getState().refreshIssued(), POLL_MS);
    return () => clearInterval(timer);
  }, [status, issued?.clave]);

  if (!issued) return null;
  const total = issued.detail ? decimalOf(issued.detail.total_amount) : null;
  return (
    <div className="issued" data-testid="issued">
      <h2>{t('counter.issued')} {issued.consecutive}</h2>
      <p>
        {t('counter.clave')}: <code data-testid="clave">{issued.clave}</code>
      </p>
      <p>
        <StatusBadge status={issued.status} />
        {total !== null && <> · {t('counter.total')}: {formatMoney(language, total)}</>}
      </p>
      <ChangeLine change={changeDue(issued.tendered, total)} testId="issued-change" />
      {issued.print ? <PrintState print={issued.print} busy={reprinting} onPrint={onPrint} />
        : watching ? <PrintState print={{ state: 'printing', reason: null }} busy onPrint={onPrint} />
          : <button type="button" onClick={onPrint} data-testid="print">{t('counter.print')}</button>}
      <VoidLastTicket issued={issued} />
      <SaveAsProduct issued={issued} />
    </div>
  );
}
