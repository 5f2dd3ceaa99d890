/**
 * One document: status, the tax authority's message, who signed its answer and the rejections in plain
 * words, its files, and what can be done with it — e-mail it, start a credit or debit note from it, void it.
 */
import { useEffect, useMemo, useRef } from 'react';
import { fileUrl } from '../api/client.ts';
import { useLanguage } from '../i18n/store.ts';
import { useT, es, type MessageKey } from './messages.ts';
import { parseXml, readSourceDocument } from '../shared/source-document.ts';
import { formatMoney } from '../shared/money.ts';
import { StatusBadge } from '../shared/StatusBadge.tsx';
import { DeliveryProblem } from '../shared/connectivity/DeliveryProblem.tsx';
import { typeLabel } from './labels.ts';
import { DocumentActions } from './DocumentActions.tsx';
import { BalanceNotes } from './BalanceNotes.tsx';
import { useReferenceTypeName } from './reference-types.ts';
import { rejectionView } from './rejections.ts';
import { signatureLine } from './response-signature.ts';
import { useDocuments, voidStateOf } from './store.ts';
import type { RejectionEntry } from './types.ts';

export function DocumentDetailPanel() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const detail = useDocuments((s) => s.detail);
  const voids = useDocuments((s) => s.voids);
  // The signed XML says what the Document does not: the receiver's e-mail, a note's reference.
  const source = useMemo(() => {
    const xml = detail?.signed_xml ? parseXml(detail.signed_xml) : null;
    return xml && detail ? readSourceDocument(xml, detail.document_type) : null;
  }, [detail]);
  const referenceType = useReferenceTypeName();
  const panel = useRef<HTMLElement>(null);
  // A block, not an expression: scrollTo may return a promise, which an effect must not.
  const toTop = () => {
    panel.current?.scrollTo({ top: 0 });
  };
  useEffect(toTop, [detail?.document_key]);
  if (!detail) return null;

  const plain = (code: string) => (`docs.rejection.${code}` in es ? t(`docs.rejection.${code}` as MessageKey) : null);
  const rejections = ((detail.rejections ?? []) as (RejectionEntry | string)[]).map((r) => rejectionView(r, plain));
  const key = detail.document_key;
  const voidState = voidStateOf(key, voids);
  const record = voids[key];
  const file = (suffix: string) => fileUrl(`/documents/${encodeURIComponent(key)}/${suffix}`);
  const signature = detail.response_signature ? signatureLine(detail.response_signature) : null;

  return (
    <aside ref={panel} className="detail" data-testid="document-detail" data-key={key}>
      <header className="row">
        <h3>{t(typeLabel(detail.document_type))} {detail.consecutive_number}</h3>
        <button type="button" className="close" aria-label={t('docs.close')} title={`${t('docs.close')} (Esc)`} onClick={() => void useDocuments.getState().open(null)}>✕</button>
      </header>
      <p>
        <StatusBadge status={detail.status} />
        {voidState === 'voided' && <> <span className="badge badge-voided" data-status="voided">{t('docs.voided')}</span></>}
      </p>
      {record && voidState === 'voided' && <p data-testid="void-state">{t('docs.voidedBy', { consecutive: record.consecutive || record.creditNote })}</p>}
      {record && voidState === 'voiding' && <p data-testid="void-state">{t('docs.voiding', { consecutive: record.consecutive || record.creditNote })}</p>}
      {record && voidState === 'void_failed' && <p className="error" data-testid="void-state">{t('docs.voidFailed', { consecutive: record.consecutive || record.creditNote })}</p>}
      <p><code>{key}</code></p>
      <p>
        {t('docs.receiver')}: {detail.receptor_name ?? t('docs.none')}
        {detail.receptor_identification && <span className="muted"> · {detail.receptor_identification}</span>}
      </p>
      <p>{t('docs.amounts', { net: formatMoney(language, detail.net_amount, detail.currency), tax: formatMoney(language, detail.tax_amount, detail.currency), total: formatMoney(language, detail.total_amount, detail.currency) })}</p>
      {source?.references.map((r, i) => (
        <p key={i} className="muted">{t('docs.referenceOf', { type: referenceType(r.documentType), number: r.number, code: r.reason || r.code })}</p>
      ))}
      <BalanceNotes detail={detail} />

      <h4>{t('docs.message')}</h4>
      {detail.delivery_problem
        ? <DeliveryProblem problem={detail.delivery_problem} detail={detail.hacienda_message} />
        : <p className="message" data-testid="hacienda-message">{detail.hacienda_message ?? t('docs.none')}</p>}
      {signature && (
        <p className={signature.warning ? 'error' : 'muted'} data-testid="response-signature" data-signature={detail.response_signature?.status} title={detail.response_signature?.detail}>
          {t(signature.key, { signer: signature.signer })}
        </p>
      )}
      {rejections.length > 0 && (
        <>
          <h4>{t('docs.rejections')}</h4>
          <ul className="rejections" data-testid="rejections">
            {rejections.map((r, i) => (
              <li key={i}>
                <strong>{r.text}</strong>
                {r.field && <> · {t('docs.rejection.field', { name: r.field })}</>}
                {r.location && <> · {r.location}</>}
                {r.original && <div className="muted">{r.original}</div>}
              </li>
            ))}
          </ul>
        </>
      )}

      <h4>{t('docs.files')}</h4>
      <p className="files">
        <a href={file('xml')} download data-testid="download-xml">{t('docs.xml')}</a>
        {detail.response_xml && <a href={file('response-xml')} download data-testid="download-response">{t('docs.responseXml')}</a>}
        {detail.pdf_path !== null && <a href={`${file('pdf')}?lang=${language}`} download data-testid="download-pdf">{t('docs.pdf')}</a>}
        <a href={file('zip')} download data-testid="download-zip">{t('docs.zip')}</a>
      </p>
      <DocumentActions detail={detail} defaultEmail={source?.party?.email ?? ''} voidState={voidState} onVoided={toTop} />
    </aside>
  );
}
