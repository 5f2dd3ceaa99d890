/**
 * The counter's keys, in one table: what the global handler maps and what the help (F1) lists, so the
 * two cannot disagree. F-keys act wherever the focus is on the screen; the browser's own meaning of
 * them (F5 reload, F3 find, F1 help) is suppressed while the counter is open.
 */
import type { MessageKey } from './messages.ts';
import type { PaymentMethod } from '../shared/ticket/ticket-request.ts';

export type CounterAction = 'help' | 'search' | 'discount' | 'print' | 'issue' | { pay: PaymentMethod };

export const FUNCTION_KEYS: Readonly<Record<string, CounterAction>> = {
  F1: 'help',
  F2: 'search',
  F3: 'discount',
  F4: 'print',
  F5: { pay: 'cash' },
  F6: { pay: 'card' },
  F7: { pay: 'sinpe' },
  F8: { pay: 'transfer' },
  F9: 'issue',
};

/** The action of a key press, if the counter has one (Ctrl+Enter issues too, from any field). */
export function actionOf(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): CounterAction | undefined {
  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) return 'issue';
  if (e.altKey || e.ctrlKey || e.metaKey) return undefined;
  return FUNCTION_KEYS[e.key];
}

/** The help's rows: keys as printed on the keyboard, and what they do. */
export const KEY_HELP: ReadonlyArray<readonly [string, MessageKey]> = [
  ['F1', 'keys.help'],
  ['F2', 'keys.search'],
  ['↑ ↓ · Enter', 'keys.choose'],
  ['3*', 'keys.quantity'],
  ['F3', 'keys.discount'],
  ['F4', 'keys.print'],
  ['F5', 'keys.cash'],
  ['F6', 'pay.card'],
  ['F7', 'pay.sinpe'],
  ['F8', 'pay.transfer'],
  ['F9 · Ctrl+Enter', 'keys.issue'],
  ['Supr · Del', 'keys.remove'],
  ['Esc', 'keys.clear'],
  ['Ctrl+Z', 'keys.undo'],
  // Handled by the shell (renderer/tills/switch-key.ts), listed here where the cashier looks for keys.
  ['F10', 'keys.switchCashier'],
  ['Alt+0…9', 'keys.screens'],
];
