/**
 * The open supplier's document: who, what, the tax authority's answer to the supplier, the checks (those
 * that block the VAT credit first and marked so), the PDF in the page or in another window, the XML, and
 * the answer form while it can still be answered.
 */
import { useState } from 'react';
import { useLanguage } from '../i18n/store.ts';
import { formatMoney, formatNumber } from '../shared/money.ts';
import { pdfUrl, xmlUrl } from './api.ts';
import { AnswerForm } from './AnswerForm.tsx';
import { answerable } from './filters.ts';
import { dayText } from './format.ts';
import { useT, type MessageKey } from './messages.ts';
import { usePurchases } from './store.ts';

export function PurchaseDetail() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const doc = usePurchases((s) => s.open);
  const [showPdf, setShowPdf] = useState(false);
  if (!doc) return null;
  const findings = [...doc.findings].sort((a, b) => Number(b.blocking) - Number(a.blocking));
  const typeKey = `invoice.type.${doc.document_type}` as MessageKey;
  return (
    <aside className="detail purchases-detail" data-testid="purchase-detail" data-clave={doc.clave} data-state={doc.state}>
      <header className="row">
        <h3>{doc.supplier.name}</h3>
        <button type="button" onClick={() => void usePurchases.getState().openDocument(null)} aria-label={t('purchases.detail.close')} title={t('purchases.detail.close')}>✕</button>
      </header>
      <dl>
        <dt>{t('purchases.detail.supplier')}</dt><dd>{doc.supplier.name} · <span className="code">{doc.supplier.identification}</span></dd>
        <dt>{t('purchases.detail.type')}</dt><dd>{t(typeKey)} · <span className="code">{doc.consecutive}</span></dd>
        <dt>{t('purchases.detail.issued')}</dt><dd>{dayText(language, doc.issued_at)} · {t('purchases.detail.month')} {doc.transaction_month}</dd>
        <dt>{t('purchases.detail.total')}</dt><dd data-testid="detail-total">{formatMoney(language, doc.total, doc.currency)}</dd>
        <dt>{t('purchases.detail.tax')}</dt><dd data-testid="detail-tax">{formatMoney(language, doc.total_tax, doc.currency)}</dd>
        {doc.currency !== 'CRC' && <><dt>{t('purchases.detail.exchange')}</dt><dd>{formatNumber(language, doc.exchange_rate)}</dd></>}
        <dt>{t('purchases.col.state')}</dt><dd><span className={`badge purchases-state-${doc.state}`} data-testid="detail-state">{t(`purchases.state.${doc.state}`)}</span></dd>
        <dt>{t('purchases.detail.due')}</dt>
        <dd className={doc.deadline === 'closing' && doc.state === 'pending' ? 'closing' : ''}>{doc.answer_due ? dayText(language, doc.answer_due) : t('purchases.detail.noDue')}</dd>
        <dt>{t('purchases.detail.hacienda')}</dt>
        <dd data-testid="detail-hacienda">{t(`purchases.detail.hacienda.${doc.hacienda_answer ?? 'none'}`)}</dd>
      </dl>
      <p className={doc.claimable ? 'claimable' : 'not-claimable'} data-testid="detail-claimable" data-claimable={doc.claimable}>
        {doc.claimable ? t('purchases.detail.claimable') : t('purchases.detail.notClaimable')}
      </p>
      <h4>{t('purchases.detail.checks')}</h4>
      {findings.length === 0 ? <p className="muted" data-testid="findings-none">{t('purchases.detail.noFindings')}</p> : (
        <ul className="findings" data-testid="findings">
          {findings.map((f) => (
            <li key={f.code} data-code={f.code} data-blocking={f.blocking} className={f.blocking ? 'blocking' : 'warning'}>
              <strong>{f.blocking ? t('purchases.detail.blocking') : t('purchases.detail.warning')}:</strong> {f.message}
            </li>
          ))}
        </ul>
      )}
      <div className="files">
        {doc.has_pdf ? <>
          <button type="button" onClick={() => setShowPdf(!showPdf)} data-testid="pdf-toggle">{showPdf ? t('purchases.detail.hidePdf') : t('purchases.detail.pdf')}</button>
          <a href={pdfUrl(doc.clave)} target="_blank" rel="noreferrer" data-testid="pdf-link">{t('purchases.detail.pdfOpen')}</a>
        </> : <span className="muted">{t('purchases.detail.noPdf')}</span>}
        <a href={xmlUrl(doc.clave)} download={`${doc.clave}.xml`} data-testid="xml-link">{t('purchases.detail.xml')}</a>
      </div>
      {showPdf && doc.has_pdf && <iframe className="pdf" src={pdfUrl(doc.clave)} title={doc.consecutive} data-testid="pdf-frame" />}
      {answerable(doc) ? <AnswerForm doc={doc} />
        : doc.state === 'pending' ? <p className="muted">{t('purchases.answer.closed')}</p>
        : doc.answer_document_id !== null && <p className="muted" data-testid="answered">{t('purchases.detail.answered', { state: t(`purchases.state.${doc.state}`) })}</p>}
    </aside>
  );
}
