/** The result: output VAT, credit, VAT refunded, and the balance "a pagar" or "a favor" (always positive). */
import { useLanguage } from '../i18n/store.ts';
import { formatMoney } from '../shared/money.ts';
import { useT } from './messages.ts';
import type { VatWorksheet } from './types.ts';

export function Totals({ worksheet }: { worksheet: VatWorksheet }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { totals, currency } = worksheet;
  const money = (figure: string) => formatMoney(language, figure.replace(/^-/, ''), currency);
  return (
    <section className={`vat-totals ${totals.balance_kind}`} data-testid="vat-totals" data-kind={totals.balance_kind}>
      <h3>{t('vat.totals')}</h3>
      <dl>
        <dt>{t('vat.debit')}</dt><dd data-total="debit">{money(totals.debit)}</dd>
        <dt>{t('vat.credit')}</dt><dd data-total="credit">{money(totals.credit)}</dd>
        <dt>{t('vat.ivaReturned')}</dt><dd data-total="iva_returned">{money(totals.iva_returned)}</dd>
        <dt className="balance">{t(`vat.balance.${totals.balance_kind}`)}</dt><dd className="balance" data-total="balance">{money(totals.balance)}</dd>
      </dl>
    </section>
  );
}
