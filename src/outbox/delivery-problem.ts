/**
 * Why a document waits in `queued`, as a code the screens can word (docs/contingency.md, "Why it waits").
 * The outbox writes its reason into `hacienda_message` (spec: the last reason); the two reasons that need
 * the shopkeeper, rather than patience, are written with fixed prefixes here and read back from them.
 */

/** `hacienda_message` of a document whose delivery has no ATV credentials to log in with. */
export const CREDENTIALS_MISSING = 'missing tax-authority credentials';
/** Prefix of `hacienda_message` when the IdP refused the stored ATV credentials (`credentials rejected: invalid_grant`). */
export const CREDENTIALS_REJECTED = 'credentials rejected';

/** The reason a failed call to the tax authority leaves in `hacienda_message`. */
export function queuedReason(result: { outcome: string; error: string }): string {
  return result.outcome === 'credentials_rejected' ? `${CREDENTIALS_REJECTED}: ${result.error}` : result.error;
}

/**
 * `credentials_rejected`: correct the ATV user or password (Certificate); `credentials_missing`: upload
 * them; `unreachable`: nothing to do, it goes when the tax authority answers. null unless `queued`.
 */
export type DeliveryProblem = 'credentials_rejected' | 'credentials_missing' | 'unreachable';

export function deliveryProblem(status: string, haciendaMessage: string | null): DeliveryProblem | null {
  if (status !== 'queued') return null;
  if (haciendaMessage?.startsWith(CREDENTIALS_REJECTED)) return 'credentials_rejected';
  if (haciendaMessage === CREDENTIALS_MISSING) return 'credentials_missing';
  return 'unreachable';
}
