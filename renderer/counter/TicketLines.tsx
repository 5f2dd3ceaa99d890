/**
 * The ticket being rung up: its lines with their discounts and, once the server has checked the draft,
 * each line's amount and the ticket's total (totals.ts: the engine's numbers, not the renderer's).
 */
import { useLanguage } from '../i18n/store.ts';
import { useT } from './messages.ts';
import { decimalOf } from '../shared/decimal.ts';
import { formatMoney } from '../shared/money.ts';
import { percentText } from '../shared/percent.ts';
import { useCounter } from './store.ts';
import type { TicketLine } from '../shared/ticket/ticket-request.ts';
import type { DraftTotals } from './totals.ts';

export function TicketLines({ lines, totals, problems }: { lines: readonly TicketLine[]; totals: DraftTotals | null; problems: readonly string[] }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const money = (amount: string) => formatMoney(language, amount);
  const rates = useCounter((s) => s.rates);
  // The shopkeeper's words: "13 %", not the rate code "08" (the code only while the rates are not read yet).
  const rateOf = (code: string) => {
    const rate = rates.find((r) => r.code === code)?.rate;
    return rate === undefined || rate === null ? code : percentText(language, rate);
  };
  // "12.5%" as typed (normalised), in the reader's decimal separator; an amount discount shows its amount only.
  const percentOf = (input: string) => (input.endsWith('%') ? `${language === 'es' ? input.replace('.', ',') : input} = ` : '');
  if (lines.length === 0) return <p className="muted">{t('counter.empty')}</p>;
  return (
    <>
      <table data-testid="lines">
        <thead>
          <tr>
            <th>{t('counter.qty')}</th><th>{t('counter.description')}</th><th className="num">{t('counter.unitPrice')}</th>
            <th className="num">{t('counter.lineDiscount')}</th><th>{t('counter.tax')}</th><th className="num">{t('counter.lineTotal')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => {
            const amounts = totals?.lines[i];
            return (
              <tr key={i}>
                <td>{line.quantity}</td>
                <td>{line.description}</td>
                <td className="num">{money(line.price)}</td>
                <td className="num" data-testid="line-discount">{line.discount && <>{percentOf(line.discount.input)}−{money(line.discount.amount)}</>}</td>
                <td className="rate" data-testid="line-rate">{rateOf(line.rateCode)}</td>
                <td className="num">{amounts ? money(decimalOf(amounts.total)) : '…'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {totals ? (
        <dl className="counter-totals">
          {totals.discount !== '0' && <><dt>{t('counter.discounts')}</dt><dd>−{money(totals.discount)}</dd></>}
          <dt>{t('counter.taxes')}</dt><dd>{money(totals.taxes)}</dd>
          <dt className="grand">{t('counter.total')}</dt><dd className="grand" data-testid="total">{money(totals.total)}</dd>
        </dl>
      ) : (
        problems.length > 0 && <ul className="muted counter-problems">{problems.map((p) => <li key={p}>{p}</li>)}</ul>
      )}
    </>
  );
}
