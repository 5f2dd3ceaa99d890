/**
 * How the customer pays (F5–F8) and, for cash, the amount received with the change due: received −
 * total, exact on decimal text (cash.ts), from the engine's total of the draft.
 */
import type { RefObject } from 'react';
import { useLanguage } from '../i18n/store.ts';
import { useT } from './messages.ts';
import { changeDue, readTendered } from './cash.ts';
import { compare, readTyped } from '../shared/decimal.ts';
import { NumberProblem } from '../shared/NumberProblem.tsx';
import { formatMoney } from '../shared/money.ts';
import { useCounter } from './store.ts';
import { PAYMENT_METHODS } from '../shared/ticket/ticket-request.ts';

export function ChangeLine({ change, testId }: { change: string | null; testId: string }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  if (change === null) return null;
  const short = compare(change, '0') < 0;
  return (
    <p className={short ? 'error change' : 'change'} data-testid={testId}>
      {short ? t('counter.short') : t('counter.change')}: {formatMoney(language, short ? change.slice(1) : change)}
    </p>
  );
}

/** `ringing`: the ticket has lines, so there is something to receive cash for. */
export function PaymentPanel({ ringing, total, tenderedBox, onTenderedDone }: { ringing: boolean; total: string | null; tenderedBox: RefObject<HTMLInputElement | null>; onTenderedDone(): void }) {
  const t = useT();
  const payment = useCounter((s) => s.payment);
  const tendered = useCounter((s) => s.tendered);
  const cash = payment === 'cash' && ringing;
  // "1.000" received is not ₡1: the box says why instead of showing a change that would be wrong.
  const refused = tendered.trim() === '' ? undefined : readTyped(tendered).problem;
  return (
    <>
      <div className="payment" role="radiogroup" aria-label={t('counter.payment')}>
        {PAYMENT_METHODS.map((m, i) => (
          <button key={m} type="button" role="radio" aria-checked={payment === m} className={payment === m ? 'active' : ''} onClick={() => useCounter.getState().setPayment(m)}>
            F{5 + i} {t(`pay.${m}`)}
          </button>
        ))}
      </div>
      {cash && (
        <label>
          {t('counter.tendered')}
          <input
            ref={tenderedBox} data-testid="tendered" inputMode="decimal" autoComplete="off" value={tendered}
            onChange={(e) => useCounter.getState().setTendered(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
                e.preventDefault();
                onTenderedDone();
              }
            }}
          />
        </label>
      )}
      {cash && refused && <NumberProblem problem={refused} typed={tendered.trim()} testId="tendered-problem" />}
      {cash && <ChangeLine change={changeDue(readTendered(tendered), total)} testId="change" />}
    </>
  );
}
