/**
 * An X, Z or the day's Z on screen (src/domain/shift-report.ts): the count first (expected, counted,
 * difference: what the shopkeeper looks for), then the cash box, sales by method, by document type, tax,
 * cashiers, movements, voids and the documents left out.
 */
import { useLanguage } from '../i18n/store.ts';
import { compare } from '../shared/decimal.ts';
import { formatMoney } from '../shared/money.ts';
import { balanceOf } from './cash-count.ts';
import { useT, type MessageKey } from './messages.ts';
import type { ShiftReport } from './types.ts';

const when = (language: string, iso: string | null) => (iso ? new Date(iso).toLocaleString(language === 'en' ? 'en-US' : 'es-CR', { timeZone: 'America/Costa_Rica' }) : '—');

export function ReportView({ report }: { report: ShiftReport }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const money = (amount: string | null) => (amount === null ? '—' : formatMoney(language, amount));
  /** What the cash box takes away: shown with a minus, unless nothing. */
  const less = (amount: string) => (compare(amount, '0') === 0 ? money(amount) : `−${money(amount)}`);
  const method = (key: string) => t(`method.${key}` as MessageKey);
  const first = report.shifts[0];
  const title = report.kind === 'day' ? t('report.day', { date: report.date ?? '' }) : t(report.kind === 'X' ? 'report.x' : 'report.z');
  return (
    <article className="shift-report" data-testid="shift-report" data-kind={report.kind}>
      <h3>{title}</h3>
      {report.kind !== 'day' && first && (
        <p className="muted">
          {t('report.period', { opened: when(language, first.opened_at), closed: when(language, first.closed_at) })}
          {first.opened_by && ` · ${t('report.openedBy', { name: first.opened_by.name })}`}
        </p>
      )}
      {report.kind === 'day' && <p className="muted">{t('report.shifts', { count: report.shifts.length })}</p>}

      <table className="count-table" data-testid="count-table">
        <thead><tr><th>{t('report.method')}</th><th>{t('report.expected')}</th><th>{t('report.counted')}</th><th>{t('report.difference')}</th></tr></thead>
        <tbody>
          {report.count.methods.map((m) => (
            <tr key={m.method} data-method={m.method}>
              <td>{method(m.method)}</td>
              <td className="amount">{money(m.expected)}</td>
              <td className="amount">{money(m.counted)}</td>
              <td className={`amount ${m.difference === null ? '' : balanceOf(m.difference)}`}>{money(m.difference)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th>{t('report.total')}</th>
            <td className="amount">{money(report.count.expected)}</td>
            <td className="amount">{money(report.count.counted)}</td>
            <td className={`amount ${report.count.difference === null ? '' : balanceOf(report.count.difference)}`} data-testid="count-difference">{money(report.count.difference)}</td>
          </tr>
        </tfoot>
      </table>

      <div className="report-columns">
        <table>
          <caption>{t('report.cash')}</caption>
          <tbody>
            <tr><td>{t('report.float')}</td><td className="amount">{money(report.cash.opening_float)}</td></tr>
            <tr><td>{t('report.cashSales')}</td><td className="amount">{money(report.cash.sales)}</td></tr>
            <tr><td>{t('report.cashRefunds')}</td><td className="amount">{less(report.cash.refunds)}</td></tr>
            <tr><td>{t('report.in')}</td><td className="amount">{money(report.cash.movements_in)}</td></tr>
            <tr><td>{t('report.out')}</td><td className="amount">{less(report.cash.movements_out)}</td></tr>
            <tr><th>{t('report.expectedCash')}</th><th className="amount" data-testid="expected-cash">{money(report.cash.expected)}</th></tr>
          </tbody>
        </table>
        <table>
          <caption>{t('report.byMethod')}</caption>
          <thead><tr><th /><th>{t('report.sales')}</th><th>{t('report.refunds')}</th><th>{t('report.net')}</th></tr></thead>
          <tbody>
            {report.by_method.map((m) => (
              <tr key={m.method}><td>{method(m.method)}</td><td className="amount">{money(m.sales)}</td><td className="amount">{money(m.refunds)}</td><td className="amount">{money(m.net)}</td></tr>
            ))}
          </tbody>
          <tfoot><tr><th>{t('report.total')}</th><td className="amount">{money(report.totals.sales)}</td><td className="amount">{money(report.totals.refunds)}</td><td className="amount" data-testid="report-net">{money(report.totals.net)}</td></tr></tfoot>
        </table>
        <table>
          <caption>{t('report.byType')}</caption>
          <tbody>
            {report.by_type.map((row) => (
              <tr key={row.document_type}><td>{t(`invoice.type.${row.document_type}` as MessageKey)}</td><td className="amount">{row.count}</td><td className="amount">{money(row.total)}</td></tr>
            ))}
            <tr><td>{t('report.tax')}</td><td /><td className="amount">{money(report.totals.tax)}</td></tr>
          </tbody>
        </table>
        {report.cashiers.length > 0 && (
          <table>
            <caption>{t('report.cashiers')}</caption>
            <tbody>
              {report.cashiers.map((c) => (
                <tr key={c.cashier?.id ?? 0}><td>{c.cashier?.name ?? t('report.noCashier')}</td><td className="amount">{c.documents}</td><td className="amount">{money(c.net)}</td></tr>
              ))}
            </tbody>
          </table>
        )}
      </div>

      {report.movements.length > 0 && (
        <table className="report-list">
          <caption>{t('report.movements')}</caption>
          <tbody>
            {report.movements.map((m) => (
              <tr key={m.id}><td>{t(m.kind === 'in' ? 'movement.in' : 'movement.out')}</td><td>{m.reason}</td><td>{m.cashier?.name ?? ''}</td><td className="amount">{money(m.amount)}</td></tr>
            ))}
          </tbody>
        </table>
      )}
      {report.voids.length > 0 && (
        <table className="report-list">
          <caption>{t('report.voids')}</caption>
          <tbody>
            {report.voids.map((v) => (
              <tr key={v.clave}><td>{v.voided_consecutive}</td><td>{v.cashier?.name ?? ''}</td><td>{v.approved_by ? t('report.approvedBy', { name: v.approved_by.name }) : ''}</td><td className="amount">{money(v.total_crc)}</td></tr>
            ))}
          </tbody>
        </table>
      )}
      {report.excluded.length > 0 && (
        <p className="muted">{t('report.excluded', { count: report.excluded.length, list: report.excluded.map((d) => d.consecutive).join(', ') })}</p>
      )}
    </article>
  );
}
