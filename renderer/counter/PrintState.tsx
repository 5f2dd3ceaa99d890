/**
 * How the issued ticket's receipt went on the till's thermal printer (docs/printing.md): "Imprimiendo…",
 * "Impreso", or "No impreso — reintentar" with the reason in the shop's words (sin papel, apagada o
 * desconectada, no responde, tapa abierta), and the button that retries it or reprints a copy (F4).
 */
import { useT, type MessageKey } from './messages.ts';
import type { TicketPrint } from './state.ts';

const REASONS: Readonly<Record<string, MessageKey>> = {
  paper_out: 'print.paper_out', refused: 'print.refused', unreachable: 'print.unreachable', timeout: 'print.timeout', offline: 'print.offline',
};

export function PrintState({ print, busy, onPrint }: { print: TicketPrint; busy: boolean; onPrint(): void }) {
  const t = useT();
  const reason = t(REASONS[print.reason ?? ''] ?? 'print.failed');
  const text = print.state === 'printed' ? t('counter.printed') : print.state === 'printing' ? t('counter.printing') : t('counter.notPrinted', { reason });
  return (
    <p className={print.state === 'failed' ? 'print-state error' : 'print-state'}>
      <span role="status" data-testid="print-state" data-print={print.state}>{text}</span>{' '}
      {print.state !== 'printing' && (
        <button type="button" onClick={onPrint} disabled={busy} data-testid="print">{print.state === 'failed' ? t('counter.retryPrint') : t('counter.reprint')}</button>
      )}
    </p>
  );
}
