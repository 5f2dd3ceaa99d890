/**
 * The PIN pad: the cashier's name (↑ ↓ and Enter, or a click), then the PIN (typed, or the keypad for a
 * touch screen), Enter signs in, Esc goes back to the names. The server's refusal shows as it words it
 * (wrong PIN with the attempts left, or locked for a few minutes).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { errorText, useLanguage } from '../i18n/store.ts';
import { useT } from './pin-messages.ts';
import { useCashierSession } from './session-store.ts';
import type { PadCashier } from './types.ts';

const KEYPAD = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '⌫', '0', '↵'] as const;

function NameList({ cashiers, onChoose }: { cashiers: PadCashier[]; onChoose(cashier: PadCashier): void }) {
  const t = useT();
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.querySelector('button')?.focus();
  }, [cashiers.length]);
  const move = (e: KeyboardEvent<HTMLUListElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const buttons = [...(list.current?.querySelectorAll('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    buttons[(at + (e.key === 'ArrowDown' ? 1 : buttons.length - 1)) % buttons.length]?.focus();
  };
  return (
    <>
      <h2>{t('pin.who')}</h2>
      <ul className="pin-names" ref={list} onKeyDown={move} data-testid="pin-names">
        {cashiers.map((c) => (
          <li key={c.id}>
            <button type="button" onClick={() => onChoose(c)} data-testid="pin-name">
              {c.name} <span className="muted">{t(`role.${c.role}`)}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

export function PinPad() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { cashiers, busy, error } = useCashierSession();
  const [chosen, setChosen] = useState<PadCashier | null>(null);
  const [pin, setPin] = useState('');
  const input = useRef<HTMLInputElement>(null);

  // One cashier: no name to choose.
  useEffect(() => {
    if (cashiers.length === 1) setChosen(cashiers[0]!);
  }, [cashiers]);
  useEffect(() => {
    if (chosen) input.current?.focus();
  }, [chosen]);

  const submit = async () => {
    if (!chosen || pin.length < 4 || busy) return;
    const ok = await useCashierSession.getState().signIn(chosen.id, pin);
    setPin('');
    if (!ok) input.current?.focus();
  };
  const press = (key: (typeof KEYPAD)[number]) => {
    if (key === '⌫') setPin((p) => p.slice(0, -1));
    else if (key === '↵') void submit();
    else setPin((p) => (p.length < 6 ? p + key : p));
    input.current?.focus();
  };

  return (
    <section className="pin-pad" data-testid="pin-pad" aria-label={t('pin.title')}>
      <h1>{t('pin.title')}</h1>
      {!chosen ? (
        cashiers.length === 0 ? <p className="muted">…</p> : <NameList cashiers={cashiers} onChoose={setChosen} />
      ) : (
        <form
          className="pin-entry"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && cashiers.length > 1) {
              e.preventDefault();
              setPin('');
              setChosen(null);
            }
          }}
        >
          <h2 data-testid="pin-chosen">{chosen.name}</h2>
          <label>
            {t('pin.pin')}
            <input ref={input} type="password" inputMode="numeric" autoComplete="off" maxLength={6} value={pin} onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 6))} data-testid="pin-input" />
          </label>
          <div className="pin-keys">
            {KEYPAD.map((key) => (
              <button key={key} type="button" tabIndex={-1} disabled={busy} onClick={() => press(key)} aria-label={key === '⌫' ? t('pin.erase') : key === '↵' ? t('pin.enter') : key}>{key}</button>
            ))}
          </div>
          {cashiers.length > 1 && <p className="muted">{t('pin.back')}</p>}
        </form>
      )}
      {error && <p className="error" role="alert" data-testid="pin-error">{errorText(language, error)}</p>}
    </section>
  );
}
