/** Document type and commercial terms: currency (with the day's exchange rate), sale condition, payment. */
import { useT, type MessageKey } from './messages.ts';
import { CodeSelect } from './CodeSelect.tsx';
import { DOCUMENT_TYPES, isDocumentType } from './document-types.ts';
import { useInvoice } from './store.ts';
import type { CodeEntry } from './types.ts';

const CURRENCIES = ['CRC', 'USD', 'EUR'];
/** When the code tables cannot be read, the common codes still can be chosen. */
const FALLBACK_SALE: CodeEntry[] = [{ code: '01', name: 'cash', description: 'Contado', note: null }, { code: '02', name: 'credit', description: 'Crédito', note: null }];
const FALLBACK_PAYMENT: CodeEntry[] = [
  { code: '01', name: 'cash', description: 'Efectivo', note: null }, { code: '02', name: 'card', description: 'Tarjeta', note: null },
  { code: '04', name: 'transfer', description: 'Transferencia', note: null }, { code: '06', name: 'sinpe', description: 'SINPE Móvil', note: null },
];

export function HeaderFields() {
  const t = useT();
  const s = useInvoice();
  const c = s.commercial;
  const rate = s.rateInfo;
  return (
    <div className="invoice-head">
      <label>
        {t('invoice.type')}
        <select value={s.documentType} data-testid="document-type" onChange={(e) => isDocumentType(e.target.value) && s.setDocumentType(e.target.value)}>
          {DOCUMENT_TYPES.map((code) => <option key={code} value={code}>{code} · {t(`invoice.type.${code}` as MessageKey)}</option>)}
        </select>
      </label>
      <label>
        {t('invoice.currency')}
        <select value={c.currency} data-testid="currency" onChange={(e) => void s.setCurrency(e.target.value)}>
          {CURRENCIES.map((code) => <option key={code} value={code}>{code}</option>)}
        </select>
      </label>
      {c.currency !== 'CRC' && (
        <label>
          {t('invoice.exchangeRate')}
          <input inputMode="decimal" value={c.exchangeRate} data-testid="exchange-rate" onChange={(e) => s.setCommercial({ exchangeRate: e.target.value })} />
          {rate && (
            <small className="muted">
              {rate.sell === null ? t('invoice.rateUnavailable') : rate.stale ? t('invoice.rateStale', { date: rate.date }) : t('invoice.rateFrom', { date: rate.date })}
            </small>
          )}
        </label>
      )}
      <label>
        {t('invoice.saleCondition')}
        <CodeSelect value={c.saleCondition} entries={s.codes.saleConditions.length > 0 ? s.codes.saleConditions : FALLBACK_SALE} onChange={(saleCondition) => s.setCommercial({ saleCondition })} testId="sale-condition" />
      </label>
      {c.saleCondition === '02' && (
        <label className="narrow">
          {t('invoice.creditDays')}
          <input inputMode="numeric" value={c.creditDays} onChange={(e) => s.setCommercial({ creditDays: e.target.value })} />
        </label>
      )}
      <label>
        {t('invoice.paymentMethod')}
        <CodeSelect value={c.paymentMethod} entries={s.codes.paymentMethods.length > 0 ? s.codes.paymentMethods : FALLBACK_PAYMENT} onChange={(paymentMethod) => s.setCommercial({ paymentMethod })} testId="payment-method" />
      </label>
    </div>
  );
}
