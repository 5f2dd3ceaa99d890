/**
 * When to warn about the signing certificate: 30 days before it expires, so there is time to ask the
 * BCCR for a new one before the tax authority refuses every document. Dates are Costa Rica calendar days
 * (UTC-06:00 all year, no daylight saving), as the server writes `expiry_date`.
 */
import type { CertificateInfo, CertificateStatus } from './types.ts';

export const WARN_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

/** Today in Costa Rica, YYYY-MM-DD. */
export function costaRicaToday(now: Date): string {
  return new Date(now.getTime() - 6 * 3600 * 1000).toISOString().slice(0, 10);
}

/** Whole days from today (Costa Rica) to the expiry date: 0 on the last valid day, negative after it. */
export function daysUntil(expiryDate: string, now: Date): number {
  return Math.round((Date.parse(`${expiryDate}T00:00:00Z`) - Date.parse(`${costaRicaToday(now)}T00:00:00Z`)) / DAY_MS);
}

export type ExpiryWarning = { kind: 'expired'; date: string } | { kind: 'soon'; date: string; days: number };

export function expiryWarning(info: CertificateInfo | null | undefined, now: Date): ExpiryWarning | null {
  if (!info) return null;
  const days = daysUntil(info.expiry_date, now);
  if (info.is_expired || days < 0) return { kind: 'expired', date: info.expiry_date };
  return days <= WARN_DAYS ? { kind: 'soon', date: info.expiry_date, days } : null;
}

/** The warning of the environment the organization issues in (the one that matters at the counter). */
export function statusWarning(status: CertificateStatus | null, now: Date): ExpiryWarning | null {
  return status ? expiryWarning(status[status.default_environment].certificate, now) : null;
}
