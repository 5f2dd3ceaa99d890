/**
 * The document just issued: its clave at once, its status as the tax authority's answer comes in, and what
 * to do with it next — print it (its PDF, in a new tab), e-mail it, or open it in Documents.
 */
import { fileUrl } from '../api/client.ts';
import { useLanguage } from '../i18n/store.ts';
import { useT, type MessageKey } from './messages.ts';
import { StatusBadge } from '../shared/StatusBadge.tsx';
import { EmailForm } from '../shared/EmailForm.tsx';
import { formatMoney } from '../shared/money.ts';
import { openScreen } from '../shared/navigation.ts';
import { useInvoice } from './store.ts';

export function IssuedInvoice() {
  const t = useT();
  const language = useLanguage((l) => l.language);
  const issued = useInvoice((s) => s.issued);
  if (!issued) return null;
  const openInDocuments = () => openScreen('documents', { open: issued.clave });
  const pdf = fileUrl(`/documents/${encodeURIComponent(issued.clave)}/pdf?disposition=inline&lang=${language}`);
  return (
    <div className="issued" data-testid="invoice-issued">
      <h3>{t('invoice.issued')}: {t(`invoice.type.${issued.documentType}` as MessageKey)} {issued.consecutive}</h3>
      <p>{t('invoice.clave')}: <code data-testid="invoice-clave">{issued.clave}</code></p>
      <p>
        <StatusBadge status={issued.status} />
        {issued.detail && <> · {t('invoice.total')}: {formatMoney(language, issued.detail.total_amount, issued.detail.currency)}</>}
      </p>
      <p className="row next">
        <a href={pdf} target="_blank" rel="noreferrer" data-testid="issued-print">{t('invoice.print')}</a>
        <button type="button" className="link" data-testid="open-in-documents" onClick={openInDocuments}>{t('invoice.openInDocuments')}</button>
      </p>
      <EmailForm key={issued.clave} defaultEmail={issued.email} busy={issued.emailing} sentTo={issued.emailedTo?.join(', ') ?? null}
        onSend={(recipients) => void useInvoice.getState().emailIssued(recipients)} />
      {issued.detail?.hacienda_message && issued.status === 'rejected' && <p className="error">{issued.detail.hacienda_message}</p>}
    </div>
  );
}
