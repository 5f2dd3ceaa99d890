/** Key and account rows as the spec's `ApiKey`, `CurrentKey` and `Account` (the answers of /api-keys, /auth/me, /account). */
import type { AuthContext } from '../../route-config.ts';
import type { AccountRow } from '../../../store/accounts.ts';
import type { ApiKeyView } from '../../../store/api-keys.ts';

/** ApiKey: `organization_id` (uuid) only on organization keys; the secret never. */
export function apiKeyView(row: ApiKeyView) {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    prefix: row.prefix,
    abilities: row.abilities,
    ...(row.organizationUuid === null ? {} : { organization_id: row.organizationUuid }),
    created_at: row.createdAt,
    expires_at: row.expiresAt,
    last_used_at: row.lastUsedAt,
    revoked_at: row.revokedAt,
  };
}

/** CurrentKey. `organization` is null for account keys (docs/account.md). */
export function currentKeyView(auth: AuthContext) {
  const { key, account, organization } = auth;
  return {
    key: { id: key.id, name: key.name, mode: key.mode, prefix: key.prefix },
    abilities: key.abilities,
    account: { id: account.id, name: account.name, plan: account.plan, status: account.status },
    organization: organization
      ? {
          id: organization.uuid,
          name: organization.name,
          identification_type: organization.identificationType,
          identification_number: organization.identificationNumber,
          environment: auth.environment,
        }
      : null,
  };
}

/** Account, plus `archive_enabled` so that the archive toggle's answer shows its effect. */
export function accountView(row: AccountRow) {
  return {
    id: row.id,
    name: row.name,
    billing_email: row.billingEmail,
    plan: row.plan,
    status: row.status,
    archive_enabled: row.archiveEnabled,
    created_at: row.createdAt,
  };
}
