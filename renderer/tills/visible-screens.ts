/**
 * Which screens the top bar offers the cashier signed in (docs/tills.md: a cashier sees only the counter).
 * The server refuses what a role may not do whatever the screens show; this only keeps the bar to what the
 * person at the till can use. Without cashiers (phase "free") or for the owner, every screen.
 */
import type { Role } from './types.ts';

const CASHIER_SCREENS: ReadonlySet<string> = new Set(['counter', 'documents', 'shift']);
const SUPERVISOR_SCREENS: ReadonlySet<string> = new Set([...CASHIER_SCREENS, 'invoice', 'recipients', 'catalogs', 'products', 'printers']);

export function screenAllowed(role: Role | null, screen: string): boolean {
  if (role === 'cashier') return CASHIER_SCREENS.has(screen);
  if (role === 'supervisor') return SUPERVISOR_SCREENS.has(screen);
  return true;
}
