/**
 * Closing the shift: the drawer counted by denomination (notes, then coins: each row shows its amount),
 * the card, SINPE Móvil and transfer vouchers; beside them what the documents say should be there and the
 * difference, before "Cerrar turno" confirms. Enter in a box moves to the next one; Esc goes back.
 */
import { useState, type KeyboardEvent } from 'react';
import { useLanguage } from '../i18n/store.ts';
import { multiply } from '../shared/decimal.ts';
import { formatMoney } from '../shared/money.ts';
import { balanceOf, cashCounted, COINS, difference, EMPTY_COUNT, NOTES, pieceCount, typedAmount, type CountDraft } from './cash-count.ts';
import { useT, type MessageKey } from './messages.ts';
import type { ShiftReport } from './types.ts';

const OTHER_METHODS = ['card', 'sinpe_movil', 'transfer'] as const;

/** Enter moves to the next box of the form (as Tab), so a count is typed with the numeric keypad alone. */
function enterMovesOn(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement)) return;
  e.preventDefault();
  const boxes = [...e.currentTarget.querySelectorAll<HTMLElement>('input, button.primary')];
  boxes[boxes.indexOf(e.target) + 1]?.focus();
}

/** `report`: the X, for what each method should hold; null when it could not be read (the count is still sent). */
export function CloseForm({ report, busy, onClose, onCancel }: { report: ShiftReport | null; busy: boolean; onClose(draft: CountDraft): void; onCancel(): void }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const [draft, setDraft] = useState<CountDraft>(EMPTY_COUNT);
  const money = (amount: string | null) => (amount === null ? '—' : formatMoney(language, amount));
  const expected = (method: string) => (report ? report.count.methods.find((m) => m.method === method)?.expected ?? '0' : null);
  const counted = { cash: cashCounted(draft.pieces), card: typedAmount(draft.card), sinpe_movil: typedAmount(draft.sinpe_movil), transfer: typedAmount(draft.transfer) };

  const pieceRow = (value: string) => {
    const count = pieceCount(draft.pieces[value]);
    return (
      <tr key={value}>
        <td className="amount">{money(value)}</td>
        <td>
          <input className="pieces" inputMode="numeric" autoComplete="off" value={draft.pieces[value] ?? ''} autoFocus={value === NOTES[0]} aria-label={t('close.pieces', { value: money(value) })} aria-invalid={count === null}
            onChange={(e) => setDraft({ ...draft, pieces: { ...draft.pieces, [value]: e.target.value } })} data-testid={`piece-${value}`} />
        </td>
        <td className="amount">{count ? money(multiply(value, String(count))) : ''}</td>
      </tr>
    );
  };

  return (
    <form className="close-form" data-testid="close-form" onKeyDown={(e) => {
      enterMovesOn(e);
      if (e.key === 'Escape') onCancel();
    }} onSubmit={(e) => {
      e.preventDefault();
      onClose(draft);
    }}>
      <h3>{t('close.title')}</h3>
      <div className="close-columns">
        <table className="pieces-table">
          <caption>{t('close.notes')}</caption>
          <tbody>{NOTES.map(pieceRow)}</tbody>
        </table>
        <table className="pieces-table">
          <caption>{t('close.coins')}</caption>
          <tbody>{COINS.map(pieceRow)}</tbody>
        </table>
        <div className="other-methods">
          {OTHER_METHODS.map((method) => (
            <label key={method}>
              {t(`method.${method}` as MessageKey)}
              <input inputMode="decimal" autoComplete="off" value={draft[method]} aria-invalid={typedAmount(draft[method]) === null} onChange={(e) => setDraft({ ...draft, [method]: e.target.value })} data-testid={`count-${method}`} />
            </label>
          ))}
        </div>
      </div>
      <table className="count-table" data-testid="close-compare">
        <thead><tr><th>{t('report.method')}</th><th>{t('report.expected')}</th><th>{t('report.counted')}</th><th>{t('report.difference')}</th></tr></thead>
        <tbody>
          {(['cash', ...OTHER_METHODS] as const).map((method) => {
            const value = counted[method];
            const should = expected(method);
            const diff = value === null || should === null ? null : difference(value, should);
            return (
              <tr key={method} data-method={method}>
                <td>{t(`method.${method}` as MessageKey)}</td>
                <td className="amount">{money(should)}</td>
                <td className="amount" data-testid={`counted-${method}`}>{money(value)}</td>
                <td className={`amount ${diff === null ? '' : balanceOf(diff)}`} data-testid={`difference-${method}`}>
                  {money(diff)} {diff !== null && balanceOf(diff) !== 'even' && <span className="muted">{t(`close.${balanceOf(diff)}` as MessageKey)}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="actions">
        <button type="submit" className="primary" disabled={busy} data-testid="close-confirm">{t('close.confirm')}</button>
        <button type="button" onClick={onCancel}>{t('close.cancel')}</button>
      </div>
    </form>
  );
}
