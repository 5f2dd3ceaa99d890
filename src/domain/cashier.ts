/** Who stands at the counter (docs/tills.md): a cashier of the organization and the role that bounds it. */
export const CASHIER_ROLES = ['cashier', 'supervisor', 'owner'] as const;
export type CashierRole = (typeof CASHIER_ROLES)[number];

/** The cashier a browser session signed in with its PIN, or the supervisor who approved one request. */
export interface SessionCashier {
  id: number;
  name: string;
  role: CashierRole;
}
