/** A document's status in the shopkeeper's words, coloured by what it means for them. */
import { useT, type MessageKey } from './messages.ts';

const KNOWN = new Set(['processing', 'sent', 'queued', 'accepted', 'rejected', 'error']);

export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  const label = KNOWN.has(status) ? t(`status.${status}` as MessageKey) : status;
  return <span className={`badge badge-${status}`} data-status={status}>{label}</span>;
}
