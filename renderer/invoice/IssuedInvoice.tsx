/** The document just issued: its clave at once, its status as the tax authority's answer comes in. */
import { useLanguage, useT } from '../i18n/store.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { StatusBadge } from '../documents/StatusBadge.tsx';
import { useDocuments } from '../documents/store.ts';
import { money } from './money.ts';
import { useInvoice } from './store.ts';

export function IssuedInvoice() {
  const t = useT();
  const language = useLanguage((l) => l.language);
  const issued = useInvoice((s) => s.issued);
  if (!issued) return null;
  const openInDocuments = () => {
    void useDocuments.getState().open(issued.clave);
    globalThis.location.hash = 'documents';
  };
  return (
    <div className="issued" data-testid="invoice-issued">
      <h3>{t('invoice.issued')}: {t(`invoice.type.${issued.documentType}` as MessageKey)} {issued.consecutive}</h3>
      <p>{t('invoice.clave')}: <code data-testid="invoice-clave">{issued.clave}</code></p>
      <p>
        <StatusBadge status={issued.status} />
        {issued.detail && <> · {t('invoice.total')}: {money(language, issued.detail.currency, issued.detail.total_amount)}</>}
        {' · '}
        <button type="button" className="link" data-testid="open-in-documents" onClick={openInDocuments}>{t('invoice.openInDocuments')}</button>
      </p>
      {issued.detail?.hacienda_message && issued.status === 'rejected' && <p className="error">{issued.detail.hacienda_message}</p>}
    </div>
  );
}
