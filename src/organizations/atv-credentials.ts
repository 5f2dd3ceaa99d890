/** The tax-authority (ATV) user and password of an organization in an environment, for the Hacienda client. */
import type { SecretDeps } from './dependencies.ts';
import { getCredentials } from '../store/credentials.ts';
import { vaultContext } from './vault-context.ts';

export interface AtvCredentials {
  user: string;
  password: string;
}

export function loadAtvCredentials(deps: SecretDeps, organizationId: number, environment: string): AtvCredentials | undefined {
  const row = getCredentials(deps.store.db, organizationId, environment);
  if (!row?.atvUser || !row.atvPassword) return undefined;
  const password = deps.vault.decrypt(row.atvPassword, vaultContext(organizationId, environment, 'atv_password')).toString('utf8');
  return { user: row.atvUser, password };
}
