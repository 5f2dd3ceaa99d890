/**
 * ATV credentials tried against the tax authority's IdP before they are saved, so that a mistyped password
 * is refused on the screen where it was typed instead of leaving documents queued. The try is one password
 * grant with a short timeout: at the counter the owner waits for it, and an IdP that does not answer in a
 * few seconds is treated as unreachable (the credentials are then saved unverified, with a warning).
 */
import type { TokenManager } from './token-manager.ts';
import type { HaciendaCredentials, HaciendaEnvironment } from './types.ts';

/** Long enough for the real IdP on a slow line, short enough for someone waiting at a form. */
export const CREDENTIAL_CHECK_TIMEOUT_MS = 4_000;

export type CredentialCheck = 'accepted' | 'rejected' | 'unreachable';

export async function checkCredentials(tokens: TokenManager, environment: HaciendaEnvironment, credentials: HaciendaCredentials, timeoutMs = CREDENTIAL_CHECK_TIMEOUT_MS): Promise<CredentialCheck> {
  const result = await tokens.verify(environment, credentials, timeoutMs);
  if (result.ok) return 'accepted';
  return result.reason === 'credentials_rejected' ? 'rejected' : 'unreachable';
}
