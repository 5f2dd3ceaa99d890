/**
 * The page of suppliers' documents: date, supplier, number, total, VAT, last day to answer (closing ones
 * highlighted), state. ↑/↓ move between rows, Enter opens one, Space ticks a pending one for the bulk
 * acceptance.
 */
import type { KeyboardEvent } from 'react';
import { useLanguage } from '../i18n/store.ts';
import { formatMoney } from '../shared/money.ts';
import { useBatch } from './batch-store.ts';
import { answerable } from './filters.ts';
import { shortDay } from './format.ts';
import { useT } from './messages.ts';
import { usePurchases } from './store.ts';

function moveFocus(e: KeyboardEvent<HTMLTableRowElement>) {
  const next = e.key === 'ArrowDown' ? e.currentTarget.nextElementSibling : e.currentTarget.previousElementSibling;
  if (next instanceof HTMLElement) {
    e.preventDefault();
    next.focus();
  }
}

export function PurchaseList() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { items, open, openDocument } = usePurchases();
  const { selected, toggle } = useBatch();

  const onKey = (e: KeyboardEvent<HTMLTableRowElement>, clave: string, canSelect: boolean) => {
    if (e.target instanceof HTMLInputElement) return;
    if (e.key === 'Enter') void openDocument(clave);
    else if (e.key === ' ' && canSelect) {
      e.preventDefault();
      toggle(clave);
    } else moveFocus(e);
  };

  return (
    <table className="list" data-testid="purchases">
      <thead>
        <tr>
          <th aria-label={t('purchases.col.select')} />
          <th>{t('purchases.col.issued')}</th><th>{t('purchases.col.supplier')}</th><th>{t('purchases.col.consecutive')}</th>
          <th className="num">{t('purchases.col.total')}</th><th className="num">{t('purchases.col.tax')}</th><th>{t('purchases.col.due')}</th><th>{t('purchases.col.state')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((d) => {
          const canSelect = answerable(d);
          return (
            <tr key={d.clave} tabIndex={0} data-clave={d.clave} data-state={d.state} className={`${d.clave === open?.clave ? 'selected' : ''} ${canSelect && d.deadline === 'closing' ? 'closing' : ''}`}
              onClick={() => void openDocument(d.clave)} onKeyDown={(e) => onKey(e, d.clave, canSelect)}>
              <td onClick={(e) => e.stopPropagation()}>
                {canSelect && <input type="checkbox" aria-label={`${t('purchases.col.select')} ${d.consecutive}`} checked={selected.includes(d.clave)} onChange={() => toggle(d.clave)} data-testid="select" />}
              </td>
              <td>{shortDay(language, d.issued_at)}</td>
              <td>{d.supplier.name}</td>
              <td className="code">{d.consecutive}</td>
              <td className="num">{formatMoney(language, d.total, d.currency)}</td>
              <td className="num">{formatMoney(language, d.total_tax, d.currency)}</td>
              <td data-deadline={d.deadline ?? ''}>
                {d.answer_due ? shortDay(language, d.answer_due) : '—'}
                {canSelect && d.deadline === 'closing' && <> <span className="badge badge-queued">{t('purchases.deadline.closing')}</span></>}
              </td>
              <td><span className={`badge purchases-state-${d.state}`} data-testid="state">{t(`purchases.state.${d.state}`)}</span></td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
