/** One document: its clave, status, and what the tax authority said (message and rejection reasons). */
import { formatAmount, useLanguage, useT } from '../i18n/store.ts';
import type { Rejection } from '../api/types.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { useDocuments } from './store.ts';

/** Rejections come as strings or as `{ code, message }`; both read as one line each. */
export function rejectionText(r: Rejection | string): string {
  if (typeof r === 'string') return r;
  return [r.code, r.message].filter(Boolean).join(': ') || JSON.stringify(r);
}

export function DocumentDetailPanel() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const detail = useDocuments((s) => s.detail);
  if (!detail) return null;
  const rejections = (detail.rejections ?? []) as (Rejection | string)[];
  return (
    <aside className="detail" data-testid="document-detail">
      <h3>{detail.document_type_name} {detail.consecutive_number} <StatusBadge status={detail.status} /></h3>
      <p><code>{detail.document_key}</code></p>
      <p>{t('docs.total')}: {detail.currency} {formatAmount(language, detail.total_amount)}</p>
      <h4>{t('docs.message')}</h4>
      <p>{detail.hacienda_message ?? t('docs.none')}</p>
      {rejections.length > 0 && (
        <>
          <h4>{t('docs.rejections')}</h4>
          <ul>{rejections.map((r, i) => <li key={i}>{rejectionText(r)}</li>)}</ul>
        </>
      )}
    </aside>
  );
}
