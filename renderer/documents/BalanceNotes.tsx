/**
 * A document's balance and notes (beyond the spec, docs/documents-api.md "Balances"): what is left to credit,
 * every note that references it — each opens with a click — and, on a note, the document it references.
 */
import { useLanguage } from '../i18n/store.ts';
import { useT } from './messages.ts';
import { formatMoney } from '../shared/money.ts';
import { StatusBadge } from '../shared/StatusBadge.tsx';
import { TYPE_ABBREVIATIONS, typeLabel } from './labels.ts';
import { useDocuments } from './store.ts';
import type { FullDocument } from './types.ts';

export function BalanceNotes({ detail }: { detail: FullDocument }) {
  const t = useT();
  const language = useLanguage((l) => l.language);
  const notes = detail.related_documents ?? [];
  const open = (key: string) => void useDocuments.getState().open(key);
  const balance = detail.balance ?? null;
  return (
    <>
      {balance !== null && (
        <p className="balance" data-testid="balance" data-balance={balance}>
          {balance > 0 ? t('docs.balance', { amount: formatMoney(language, balance, detail.currency) }) : t('docs.fullyCredited')}
        </p>
      )}
      {detail.referenced_document_key && (
        <p>
          <button type="button" className="link" data-testid="open-referenced" onClick={() => open(detail.referenced_document_key!)}>{t('docs.openReferenced')}</button>
        </p>
      )}
      {notes.length > 0 && (
        <>
          <h4>{t('docs.relatedNotes')}</h4>
          <ul className="related" data-testid="related-notes">
            {notes.map((n) => (
              <li key={n.id} data-key={n.document_key}>
                <button type="button" className="link" title={t(typeLabel(n.document_type))} onClick={() => open(n.document_key)}>
                  {TYPE_ABBREVIATIONS[n.document_type] ?? n.document_type} {n.consecutive_number}
                </button>
                {' '}<StatusBadge status={n.status} />
                {' · '}{formatMoney(language, n.total, n.currency)}
                {n.balance_effect !== null && <span className="muted"> · {t('docs.noteEffect', { amount: formatMoney(language, n.balance_effect, detail.currency) })}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
