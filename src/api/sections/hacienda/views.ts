/** The reachability monitor's view as the spec's shapes: ServiceStatus.hacienda and HaciendaStatus. */
import type { Check, ReachabilityMonitor } from '../../../hacienda/reachability.ts';
import type { HaciendaEnvironment } from '../../../hacienda/types.ts';

function serviceCheck(check: Check | null) {
  return check
    ? { available: check.available, message: check.detail, response_time_ms: check.response_time_ms }
    : { available: null, message: 'not_checked', response_time_ms: null };
}

/** One environment of ServiceStatus.hacienda: `available: null` / `not_checked` until a call or probe ran. */
function environmentStatus(monitor: ReachabilityMonitor, environment: HaciendaEnvironment) {
  const s = monitor.status(environment);
  const latest = [s.token, s.api].filter((c): c is Check => c !== null).sort((a, b) => b.checked_at.localeCompare(a.checked_at))[0];
  return {
    available: latest ? s.available : null,
    checked_at: latest?.checked_at ?? null,
    response_time_ms: s.api?.response_time_ms ?? s.token?.response_time_ms ?? null,
    message: latest ? s.message : 'not_checked',
    last_success: s.lastSuccess, // beyond the spec: the "last contact" of the screens' offline banner
    token: serviceCheck(s.token),
    api: serviceCheck(s.api),
  };
}

export function serviceHacienda(monitor: ReachabilityMonitor) {
  return { staging: environmentStatus(monitor, 'staging'), production: environmentStatus(monitor, 'production') };
}

/** HaciendaStatus of an organization: reachability plus whether it can sign and authenticate there. */
export function haciendaStatus(monitor: ReachabilityMonitor, defaultEnvironment: string, credentials: Map<string, { hasCertificate: boolean; hasCredentials: boolean; credentialsRejected: boolean }>, now: Date) {
  const hacienda = serviceHacienda(monitor);
  const entry = (environment: HaciendaEnvironment) => ({
    available: hacienda[environment].available,
    has_certificate: credentials.get(environment)?.hasCertificate ?? false,
    has_credentials: credentials.get(environment)?.hasCredentials ?? false,
    // beyond the spec: the IdP refuses the stored ATV user or password (docs/signature.md)
    credentials_rejected: credentials.get(environment)?.credentialsRejected ?? false,
    last_check: hacienda[environment].checked_at,
    last_success: hacienda[environment].last_success, // beyond the spec, as in ServiceStatus
    response_time_ms: hacienda[environment].response_time_ms,
  });
  return { checked_at: now.toISOString(), default_environment: defaultEnvironment, staging: entry('staging'), production: entry('production') };
}
