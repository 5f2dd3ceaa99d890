/**
 * Who may ask, and how often (api/plugins/auth.ts, api/browser/*, api/plugins/idempotency.ts, api/plugins/rate-limit.ts,
 * billing/*): the server-messages catalogue's group for keys, sessions, plans and limits. docs/languages.md
 */
import type { Bilingual } from './fill.ts';

export const ACCESS_MESSAGES = {
  // API keys (api/plugins/authenticate.ts)
  key_missing: ['Falta la llave de API: envíela como "Authorization: Bearer <API_KEY>".', 'Missing API key: send it as "Authorization: Bearer <API_KEY>".'],
  key_unknown: ['Esa llave de API no existe.', 'Unknown API key.'],
  key_revoked: ['Esta llave de API fue revocada.', 'This API key has been revoked.'],
  key_expired: ['Esta llave de API ya venció.', 'This API key has expired.'],
  key_account_gone: ['La cuenta de esta llave ya no existe.', 'The account of this key no longer exists.'],
  key_organization_gone: ['La organización de esta llave ya no existe.', 'The organization of this key no longer exists.'],
  key_organization_deleted: ['La organización de esta llave fue eliminada.', 'The organization of this key was deleted.'],
  key_organization_inactive: ['La organización de esta llave está inactiva.', 'The organization of this key is inactive.'],
  listing_needs_ability: ['Para ver la lista de comprobantes la llave necesita uno de estos permisos: {abilities}.', 'Listing documents needs one of {abilities}.'],

  // The browser session of the screens (api/browser/*)
  session_expired: ['La sesión del navegador no existe o venció: abra de nuevo el enlace de ingreso que muestra el servidor.', 'The browser session is unknown or has expired: open the login URL printed by the server again.'],
  session_sign_in: ['Primero inicie sesión: abra el enlace de ingreso que muestra el servidor.', 'Sign in first: open the login URL printed by the server.'],
  login_link_invalid: ['Este enlace de ingreso no existe, ya se usó o venció: `facturador login-url` le da uno nuevo (sin reiniciar).', 'This login link is unknown, already used or expired: `facturador login-url` prints a new one (no restart needed).'],
  csrf_header: ['Las solicitudes de la sesión del navegador que cambian algo deben enviar el encabezado "X-Facturador-CSRF: 1".', 'Requests of the browser session that change something must send the header "X-Facturador-CSRF: 1".'],
  session_organization_inactive: ['La organización elegida para esta sesión ya no está activa: elija otra (POST /session/organization).', 'The organization chosen for this session is no longer active: choose another (POST /session/organization).'],
  session_no_organization: ['Todavía no hay una organización emisora: cree una primero (POST /api/v1/organizations).', 'There is no issuing organization yet: create one first (POST /api/v1/organizations).'],
  // The counter's cashiers on the session (api/browser/session-cashier.ts, api/plugins/role-gate.ts, api/sections/tills/)
  cashier_required: ['Ingrese su PIN: un cajero debe iniciar sesión primero (POST /session/cashier).', 'A cashier must sign in with a PIN first (POST /session/cashier).'],
  browser_session_required: ['Los cajeros ingresan en las pantallas (una sesión del navegador), no con una llave de API.', 'Cashiers sign in on the screens (a browser session), not with an API key.'],
  role_owner: ['Solo el dueño puede hacer esto ({action}).', 'Only the owner may do this ({action}).'],
  role_supervisor_approval: ['Esto lo autoriza un supervisor ({action}): pida su aprobación.', "This needs a supervisor ({action}): ask for a supervisor's approval."],
  role_supervisor: ['Solo un supervisor o el dueño puede hacer esto ({action}).', 'Only a supervisor or the owner may do this ({action}).'],
  host_not_allowed: ['Este servidor no atiende el nombre {host}; use {allowed}.', 'This server does not answer for host {host}; use {allowed}.'],

  // Idempotency keys (api/plugins/idempotency.ts) and rate limits (api/plugins/rate-limit.ts)
  idempotency_key_length: ['X-Idempotency-Key debe tener de 1 a 255 caracteres.', 'X-Idempotency-Key must be 1 to 255 characters.'],
  idempotency_key_reused: ['Este X-Idempotency-Key ya se usó con otra solicitud distinta.', 'This X-Idempotency-Key was already used with a different request.'],
  idempotency_in_progress: ['Una solicitud con este X-Idempotency-Key todavía se está procesando.', 'A request with this X-Idempotency-Key is still being processed.'],
  idempotency_unreadable: ['La respuesta guardada de este X-Idempotency-Key ya no se puede leer; envíe la solicitud con una llave nueva.', 'The stored answer of this X-Idempotency-Key can no longer be read; send the request with a new key.'],
  rate_limited: ['Demasiadas solicitudes: intente de nuevo en {seconds} s.', 'Too many requests: retry in {seconds} s.'],

  // Plans, payments and quotas (billing/entitlements.ts, billing/quota.ts, organizations/create-organization.ts)
  canceled_live: ['La suscripción se canceló: producción (llaves de producción) no está disponible.', 'The subscription was canceled: production (live keys) is not available.'],
  canceled_archive: ['La suscripción se canceló: el archivo fiscal no está disponible.', 'The subscription was canceled: the fiscal archive is not available.'],
  canceled: ['La suscripción se canceló: {what} no está disponible.', 'The subscription was canceled: {what} is not available.'],
  payment_failed_live: ['El pago falló hace más de {days} días: producción (llaves de producción) no está disponible hasta que se pague.', 'The payment failed more than {days} days ago: production (live keys) is not available until it is settled.'],
  payment_failed_archive: ['El pago falló hace más de {days} días: el archivo fiscal no está disponible hasta que se pague.', 'The payment failed more than {days} days ago: the fiscal archive is not available until it is settled.'],
  payment_failed: ['El pago falló hace más de {days} días: {what} no está disponible hasta que se pague.', 'The payment failed more than {days} days ago: {what} is not available until it is settled.'],
  live_needs_plan: ['Las llaves de producción necesitan un plan pagado; esta cuenta está en modo de pruebas. Use una llave de pruebas o elija un plan.', 'Live keys need a paid plan; this account is in sandbox. Use a test key or choose a plan.'],
  archive_not_in_plan: ['El archivo fiscal no viene en el plan {plan}; elija un plan que lo incluya.', 'The fiscal archive is not included in the {plan} plan; choose a plan that includes it.'],
  quota_used_up: ['Ya se usaron los comprobantes incluidos en este período ({used} de {included}). Elija un plan más grande o agregue un paquete.', 'The documents included in this period are used up ({used} of {included}). Choose a larger plan or add a pack.'],
  organization_limit_one: ['El plan {plan} permite {max} organización; elija un plan más grande o elimine una.', 'The {plan} plan allows {max} organization; choose a larger plan or delete one.'],
  organization_limit: ['El plan {plan} permite {max} organizaciones; elija un plan más grande o elimine una.', 'The {plan} plan allows {max} organizations; choose a larger plan or delete one.'],
  organization_exists: ['Ya hay una organización con la identificación {id} en esta cuenta.', 'An organization with identification {id} already exists in this account.'],
} as const satisfies Record<string, Bilingual>;
