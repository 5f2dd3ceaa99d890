/** How a print went: "Impreso", or why not in the shopkeeper's words (docs/printing.md reasons) with the detail. */
import { useT, type MessageKey } from './messages.ts';
import type { PrintOutcome } from './types.ts';

const KNOWN_REASONS = ['refused', 'timeout', 'unreachable', 'paper_out', 'offline', 'failed'];

export function PrintResult({ outcome }: { outcome: PrintOutcome }) {
  const t = useT();
  if (outcome.printed) return <span className="print-ok" role="status" data-testid="print-result">{t('print.ok')}</span>;
  const reason = outcome.reason && KNOWN_REASONS.includes(outcome.reason) ? t(`print.reason.${outcome.reason}` as MessageKey) : outcome.reason ?? '';
  return (
    <span className="error" role="status" data-testid="print-result">
      {t('print.failed')} {reason}{outcome.detail ? ` (${outcome.detail})` : ''}
    </span>
  );
}
