/**
 * The screens behind the PIN pad (docs/tills.md): nothing shows until the server said whether a cashier is
 * needed; while locked the PIN pad takes the whole window (the screens are not mounted, so none of their
 * keys act; their stores and the counter's ticket in progress are kept). It also runs the lock: any
 * request answered 401 cashier_required, the switch key, and the inactivity timer of the till settings.
 */
import { useEffect, type ReactNode } from 'react';
import { failureListeners } from '../api/client.ts';
import { useT } from './pin-messages.ts';
import { PinPad } from './PinPad.tsx';
import { isSwitchKey } from './switch-key.ts';
import { useCashierSession } from './session-store.ts';
import './pin.css';

/** Locks after `minutes` without a key or a touch; 0 never. */
function useInactivityLock(active: boolean, minutes: number) {
  useEffect(() => {
    if (!active || minutes <= 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void useCashierSession.getState().lock(), minutes * 60_000);
    };
    const events = ['keydown', 'pointerdown', 'wheel'] as const;
    for (const name of events) window.addEventListener(name, restart, { capture: true, passive: true });
    restart();
    return () => {
      clearTimeout(timer);
      for (const name of events) window.removeEventListener(name, restart, { capture: true });
    };
  }, [active, minutes]);
}

export function CashierGate({ children }: { children: ReactNode }) {
  const t = useT();
  const phase = useCashierSession((s) => s.phase);
  const minutes = useCashierSession((s) => s.lockAfterMinutes);

  useEffect(() => {
    void useCashierSession.getState().load();
    const listener = (error: { status: number; code: string }) => {
      if (error.status === 401 && error.code === 'cashier_required') useCashierSession.getState().required();
    };
    failureListeners.add(listener);
    return () => {
      failureListeners.delete(listener);
    };
  }, []);

  useEffect(() => {
    if (phase !== 'signed') return;
    // Capture: the switch works whichever field has the focus, before a screen's own keys see it.
    const onKey = (e: KeyboardEvent) => {
      if (!isSwitchKey(e)) return;
      e.preventDefault();
      e.stopPropagation();
      void useCashierSession.getState().lock();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [phase]);

  useInactivityLock(phase === 'signed', minutes);

  if (phase === 'checking') return <p className="muted">{t('pin.checking')}</p>;
  if (phase === 'locked') return <PinPad />;
  return <>{children}</>;
}
