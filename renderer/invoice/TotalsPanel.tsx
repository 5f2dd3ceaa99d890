/** The engine's verdict on the draft: its totals when valid, else what to fix (the server's words). */
import { useLanguage } from '../i18n/store.ts';
import { useT, type MessageKey } from './messages.ts';
import { formatMoney } from '../shared/money.ts';
import { useInvoice } from './store.ts';

const ROWS: [member: string, label: MessageKey][] = [
  ['total_sales', 'invoice.sales'], ['total_discount', 'invoice.discounts'], ['total_net_sales', 'invoice.netSales'], ['total_taxes', 'invoice.taxes'],
];

export function TotalsPanel() {
  const t = useT();
  const language = useLanguage((l) => l.language);
  const v = useInvoice((s) => s.validation);
  const currency = useInvoice((s) => s.commercial.currency);
  return (
    <div className="totals" data-testid="totals" data-state={v.state}>
      <h3>{t('invoice.totals')}</h3>
      {v.state === 'idle' && <p className="muted">{t('invoice.idle')}</p>}
      {v.totals && (
        <table className={v.state === 'checking' ? 'stale' : ''}>
          <tbody>
            {ROWS.map(([member, label]) => (
              <tr key={member}><th>{t(label)}</th><td className="num">{formatMoney(language, v.totals![member] ?? 0, currency)}</td></tr>
            ))}
            <tr className="grand"><th>{t('invoice.total')}</th><td className="num" data-testid="invoice-total">{formatMoney(language, v.totals.total, currency)}</td></tr>
          </tbody>
        </table>
      )}
      {v.state === 'checking' && !v.totals && <p className="muted">{t('invoice.checking')}</p>}
      {v.state === 'invalid' && (
        <div className="problems" data-testid="draft-errors">
          <p>{t('invoice.fix')}</p>
          <ul>{v.errors.map((e, i) => <li key={i}>{e}</li>)}</ul>
        </div>
      )}
      {v.state === 'failed' && <p className="error">{t('invoice.checkFailed', { message: v.errors[0] ?? '' })}</p>}
    </div>
  );
}
