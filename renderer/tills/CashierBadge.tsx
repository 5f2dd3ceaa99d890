/** The top bar's cashier: who is at this till, and "Bloquear" (also F10). Nothing while the shop has no cashiers. */
import { useT } from './pin-messages.ts';
import { useCashierSession } from './session-store.ts';
import { SWITCH_KEY } from './switch-key.ts';

export function CashierBadge() {
  const t = useT();
  const cashier = useCashierSession((s) => s.cashier);
  if (!cashier) return null;
  return (
    <span className="cashier-badge" data-testid="cashier-badge">
      <span data-testid="cashier-name">{cashier.name}</span>
      <button type="button" title={SWITCH_KEY} onClick={() => void useCashierSession.getState().lock()} data-testid="lock">{t('pin.lock')}</button>
    </span>
  );
}
