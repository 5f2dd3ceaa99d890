/**
 * What an organization still lacks to issue in production, checked before the owner goes live
 * (go-live.ts): a production signing certificate that opens, is valid today and belongs to the
 * issuer, and the production ATV user and password. Without them the first real ticket would be the one to
 * find out — signed by nobody, or queued for ever. Field paths follow GET /organizations/me/certificate
 * (`production.certificate`, `production.credentials`).
 */
import type { VaultDeps, SecretDeps } from './dependencies.ts';
import type { Language } from '../i18n/validation-messages.ts';
import type { OrganizationRow } from '../store/organizations.ts';
import { getCredentials } from '../store/credentials.ts';
import { describeCertificate, type SigningIdentity } from '../signing/p12.ts';
import { goLiveText } from './go-live-messages.ts';
import { certificateHolder, holderIs } from '../signing/certificate-holder.ts';
import { loadSigningIdentity } from './signing-identity.ts';

const ENVIRONMENT = 'production';
export const CERTIFICATE_FIELD = 'production.certificate';
export const CREDENTIALS_FIELD = 'production.credentials';

/** The stored identity, or null when it no longer opens (another master key, a damaged row). */
function storedIdentity(deps: SecretDeps, organizationId: number): SigningIdentity | undefined | null {
  try {
    return loadSigningIdentity(deps, organizationId, ENVIRONMENT);
  } catch {
    return null;
  }
}

/** What is wrong with the production certificate, or undefined when it can sign for this issuer today. */
function certificateProblem(deps: VaultDeps, organization: OrganizationRow, lang: Language): string | undefined {
  const identity = storedIdentity(deps, organization.id);
  if (identity === undefined) return goLiveText(lang, 'no_certificate');
  if (identity === null) return goLiveText(lang, 'unreadable_certificate');
  const now = deps.clock.now();
  if (now.getTime() > identity.notAfter.getTime()) return goLiveText(lang, 'expired_certificate', { date: describeCertificate(identity, now).expiry_date });
  if (now.getTime() < identity.notBefore.getTime()) return goLiveText(lang, 'future_certificate', { date: identity.notBefore.toISOString().slice(0, 10) });
  const holder = certificateHolder(identity.certificateDer);
  if (!holder) return goLiveText(lang, 'no_holder');
  if (!holderIs(holder, organization.identificationNumber)) return goLiveText(lang, 'other_holder', { holder, identification: organization.identificationNumber });
  return undefined;
}

/** Field path → messages; empty when the organization is ready for production. */
export function productionProblems(deps: VaultDeps, organization: OrganizationRow, lang: Language): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const certificate = certificateProblem(deps, organization, lang);
  if (certificate) problems[CERTIFICATE_FIELD] = [certificate];
  const row = getCredentials(deps.store.db, organization.id, ENVIRONMENT);
  if (!row?.atvUser || !row.atvPassword) problems[CREDENTIALS_FIELD] = [goLiveText(lang, 'no_credentials')];
  return problems;
}
