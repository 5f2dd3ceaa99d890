/**
 * The spec's CertificateStatus of an organization: per environment whether a signing key and ATV
 * credentials are stored, and CertificateInfo from the clear columns (nothing is decrypted to show it).
 */
import type { Clock } from '../../../domain/clock.ts';
import type { Store } from '../../../store/database.ts';
import { listCredentials, type CredentialsRow } from '../../../store/credentials.ts';

/** CertificateInfo from the clear columns; expiry is a Costa Rica calendar date, expired the day after. */
function certificateInfo(row: CredentialsRow | undefined, now: Date) {
  if (!row?.p12 || !row.certificateExpiry) return null;
  const today = new Date(now.getTime() - 6 * 3600 * 1000).toISOString().slice(0, 10);
  return {
    subject: row.certificateSubject,
    serial_number: row.certificateSerial,
    expiry_date: row.certificateExpiry,
    is_expired: today > row.certificateExpiry,
  };
}

function environmentStatus(row: CredentialsRow | undefined, now: Date) {
  return {
    has_certificate: Boolean(row?.p12),
    has_credentials: Boolean(row?.atvUser && row.atvPassword),
    certificate: certificateInfo(row, now),
  };
}

export function certificateStatus(deps: { store: Pick<Store, 'db'>; clock: Clock }, organizationId: number, defaultEnvironment: string) {
  const rows = listCredentials(deps.store.db, organizationId);
  const now = deps.clock.now();
  const of = (environment: string) => environmentStatus(rows.find((r) => r.environment === environment), now);
  return { default_environment: defaultEnvironment, staging: of('staging'), production: of('production') };
}
