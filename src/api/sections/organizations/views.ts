/** Organization rows as the spec's shapes: `Organization` (account endpoints) and `OrganizationProfile` (/me). */
import type { AccountRow } from '../../../store/accounts.ts';
import type { OrganizationRow } from '../../../store/organizations.ts';

/** The members both shapes share. */
function identity(row: OrganizationRow) {
  return {
    name: row.name,
    legal_name: row.legalName,
    identification_type: row.identificationType,
    identification_number: row.identificationNumber,
    email: row.email,
    phone: row.phone,
    economic_activities: row.economicActivities,
  };
}

/** `environments`: those with a signing certificate (store/credentials.ts environmentsWithCertificate). */
export function organizationView(row: OrganizationRow, environments: Set<string>) {
  return {
    id: row.uuid,
    ...identity(row),
    certificate_test: environments.has('staging'),
    certificate_live: environments.has('production'),
    created_at: row.createdAt,
  };
}

export function profileView(row: OrganizationRow, account: AccountRow) {
  return {
    id: row.id,
    uuid: row.uuid,
    ...identity(row),
    default_environment: row.defaultEnvironment,
    is_active: row.isActive,
    logo_url: row.logoUrl,
    logo_width: row.logoWidth,
    address: row.address ?? null, // beyond the spec: docs/organization-address.md
    prices_include_vat: row.pricesIncludeVat, // beyond the spec: the screens' shelf prices (docs/document-request.md)
    plan: account.plan,
    rate_limits: { per_minute: row.ratePerMinute, per_day: row.ratePerDay },
    created_at: row.createdAt,
  };
}
