/**
 * The environment an organization setting applies to: the one asked for (`environment` in the body or
 * query), or the key's own. A test key never reads or changes production settings (`live_key_required`);
 * a live key may manage both, so that a production installation can also prepare staging. The signed-in
 * owner may too while still in the sandbox: the production certificate and counters are set up before
 * going live (POST /organizations/me/activate-production, docs/account.md).
 */
import { ApiError } from './errors.ts';
import type { AuthContext, Environment } from './route-config.ts';

export function requestedEnvironment(auth: AuthContext, requested: Environment | undefined): Environment {
  const environment = requested ?? auth.environment;
  if (environment === 'production' && auth.key.mode !== 'live' && !auth.owner) {
    throw new ApiError('live_key_required', 403, 'A test key acts on staging only; use a live key for production settings.');
  }
  return environment;
}

/**
 * Settings both environments share (branding, the organization's profile) change what production
 * documents carry once the organization issues there: from then on a test key may not change them
 * (403 live_key_required); while it is still in the sandbox, a test key sets everything up.
 */
export function assertSharedSettingsChange(auth: AuthContext): void {
  if (auth.organization?.defaultEnvironment === 'production') requestedEnvironment(auth, 'production');
}
