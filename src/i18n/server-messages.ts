/**
 * The server's own messages that reach the shopkeeper's screens (certificate and ATV credentials, webhook
 * URL rules, host names that do not resolve, the tax authority's refusals, backups to restore, the request
 * schema's checks), in Spanish and English. The code that detects a problem keeps writing it in English — logs, stored delivery
 * logs and unit tests read it that way — and the API's edge puts it in the request's language:
 * `localizeMessage` recognises an English text by its template and gives the same message in Spanish.
 * Templates are matched in order, so a specific one comes before a general one it would also match.
 * The groups beyond the first ones live in files of their own (access-, request-, resource- and
 * success-messages.ts: keys and limits, the request itself, the shop's things, success answers), gathered here.
 * docs/languages.md
 */
import { ACCESS_MESSAGES } from './access-messages.ts';
import { inLanguage, type Bilingual } from './fill.ts';
import { REQUEST_MESSAGES } from './request-messages.ts';
import { RESOURCE_MESSAGES } from './resource-messages.ts';
import { SUCCESS_MESSAGES } from './success-messages.ts';
import type { Language } from './validation-messages.ts';

const messages = {
  // ATV credentials, tried against the tax authority's IdP when they are saved (docs/signature.md)
  atv_rejected: ['Hacienda rechazó el usuario o la contraseña de ATV.', 'The tax authority refused the ATV user or password.'],
  atv_rejected_field: ['Hacienda no acepta este usuario con esta contraseña: revíselos en ATV y escríbalos de nuevo.', 'The tax authority does not accept this user with this password: check them in ATV and type them again.'],
  atv_unverified: ['No se pudieron comprobar el usuario y la contraseña de ATV porque Hacienda no respondió. Se guardaron y se probarán con el primer envío.', 'The ATV user and password could not be checked because the tax authority did not answer. They were saved and will be tried with the first delivery.'],
  hacienda_refused: ['Hacienda rechazó las credenciales: {detail}', 'The tax authority refused the credentials: {detail}'],
  hacienda_unreachable: ['No se puede contactar a Hacienda: {detail}', 'The tax authority cannot be reached: {detail}'],
  credentials_required: ['Primero guarde el certificado y las credenciales de Hacienda de {environment}.', 'Upload the tax-authority credentials for {environment} first.'],
  no_certificate: ['No hay certificado guardado para {environment}.', 'No certificate is stored for {environment}.'],
  live_key_required: ['Una llave de prueba solo actúa en el ambiente de pruebas; use una llave de producción para los ajustes de producción.', 'A test key acts on staging only; use a live key for production settings.'],

  // The .p12 and its PIN (signing/p12.ts, organizations/certificate-check.ts)
  pin_wrong_open: ['PIN incorrecto: el archivo .p12 no se abre con él.', 'Wrong PIN: the .p12 file could not be opened with it.'],
  pin_wrong_decrypt: ['PIN incorrecto: el archivo .p12 no se descifra con él.', 'Wrong PIN: the .p12 file could not be decrypted with it.'],
  p12_empty: ['El archivo .p12 está vacío.', 'The .p12 file is empty.'],
  p12_not_pkcs12: ['El archivo no es un certificado .p12 (PKCS#12).', 'The file is not a PKCS#12 (.p12) file: it could not be read as ASN.1.'],
  p12_format: ['El archivo .p12 usa un formato que esta aplicación no lee ({detail}). Expórtelo de nuevo con cifrado RC2/3DES o AES-CBC y MAC SHA-1 o SHA-256.', 'The .p12 file uses a format this app cannot read ({detail}). Export it again with RC2/3DES or AES-CBC encryption and a SHA-1 or SHA-256 MAC.'],
  p12_damaged: ['El archivo .p12 está dañado: {detail}.', 'The .p12 file is damaged: {detail}.'],
  p12_unreadable: ['No se pudo leer el archivo .p12.', 'The .p12 file could not be read.'],
  p12_no_key: ['El archivo .p12 no trae la llave privada (solo certificados).', 'The .p12 file contains no private key (only certificates).'],
  p12_not_rsa: ['La llave privada del .p12 no es RSA; Hacienda exige RSA de 2048 o 4096 bits.', 'The private key in the .p12 file is not an RSA key; Hacienda requires RSA 2048 or 4096.'],
  p12_bits: ['La llave RSA tiene {bits} bits; Hacienda exige RSA de 2048 o 4096 bits.', 'The RSA key has {bits} bits; Hacienda requires RSA 2048 or 4096.'],
  p12_no_certificate: ['El archivo .p12 trae la llave privada pero ningún certificado.', 'The .p12 file contains a private key but no certificate.'],
  p12_key_mismatch: ['Ninguno de los certificados del .p12 corresponde a su llave privada.', 'None of the certificates in the .p12 file belongs to its private key.'],
  p12_base64: ['El certificado debe ser el archivo .p12 en base64.', 'The certificate must be the .p12 file encoded in base64.'],
  certificate_expired: ['El certificado venció el {date}; solicite uno nuevo (BCCR / Hacienda) y súbalo.', 'The certificate expired on {date}; request a new one (BCCR / tax authority) and upload it.'],
  certificate_not_yet_valid: ['El certificado es válido solo a partir del {date}.', 'The certificate is valid only from {date}.'],

  // The branding logo (organizations/logo.ts)
  logo_too_big: ['El logo mide {width} × {height} píxeles; el límite es {side} píxeles por lado y {mpx} megapíxeles en total.', 'The logo is {width} × {height} pixels; the limit is {side} pixels a side and {mpx} megapixels in all.'],
  logo_damaged: ['La imagen del logo está dañada: no se puede leer su tamaño.', 'The logo image is damaged: its size cannot be read.'],
  logo_undecodable: ['La imagen del logo está dañada: no se puede abrir.', 'The logo image is damaged: it cannot be decoded.'],

  // Webhook URLs (webhooks/url-policy.ts), checked when saved and when delivered
  url_too_long: ['La URL tiene más de {max} caracteres.', 'The URL is longer than {max} characters.'],
  url_invalid: ['La URL no es una dirección completa válida (https://…).', 'The URL is not a valid absolute URL.'],
  url_https_or_http: ['La URL debe empezar con https:// o http://.', 'The URL must use https or http.'],
  url_https: ['La URL debe empezar con https://.', 'The URL must use https.'],
  url_credentials: ['La URL no debe llevar usuario ni contraseña.', 'The URL must not contain credentials.'],
  url_localhost: ['La URL debe apuntar a un servidor público, no a localhost.', 'The URL must point to a public host, not localhost.'],
  url_private: ['La URL debe apuntar a un servidor público, no a una dirección privada, local o de enlace local.', 'The URL must point to a public host, not a private, loopback or link-local address.'],
  host_unresolved: ['No se encontró el servidor {host} ({code}): revise el nombre.', 'The host {host} cannot be resolved ({code}).'],
  host_no_address: ['El servidor {host} no tiene dirección.', 'The host {host} has no address.'],
  host_private: ['El servidor {host} apunta a la dirección no pública {address}; se rechaza.', 'The host {host} resolves to the non-public address {address}; refused.'],
  receiver_status: ['el receptor respondió HTTP {status}', 'the receiver answered HTTP {status}'],
  receiver_timeout: ['sin respuesta después de {seconds} s', 'timed out after {seconds} s'],
  receiver_redirects: ['más de {count} redirecciones', 'more than {count} redirects'],
  // Nodemailer's words when the SMTP server's name does not resolve (POST /settings/smtp/test)
  smtp_unresolved: ['No se encontró el servidor de correo {host} ({code}): revise el nombre.', 'getaddrinfo {code} {host}'],
  // What the SMTP test send says instead of the connection's details (email/test-email.ts: no port scanner)
  smtp_unreachable: ['No se pudo enviar por el servidor de correo: revise el servidor, el puerto y la seguridad (TLS).', 'Could not send through the mail server: check the host, the port and the security (TLS).'],
  smtp_login_refused: ['El servidor de correo rechazó el usuario o la contraseña.', 'The mail server refused the user name or password.'],
  smtp_refused: ['El servidor de correo rechazó el mensaje de prueba (código {code}).', 'The mail server refused the test message (code {code}).'],

  // A backup to restore (backup/check-database.ts, backup/restore-live.ts)
  backup_not_sqlite: ['{file} no es una base de datos SQLite legible ({detail}).', '{file} is not a readable SQLite database ({detail})'],
  backup_damaged: ['{file} está dañado: {detail}.', '{file} is damaged: integrity_check says {detail}'],
  backup_not_ours: ['{file} no es una copia de Facturador (falta {detail}).', '{file} is not a Facturador database (missing {detail})'],
  backup_newer: ['{file} viene de una versión más nueva de Facturador ({detail}): actualice primero la aplicación.', '{file} comes from a newer Facturador ({detail}): update the app first'],
  backup_failed: ['No se pudo restaurar la copia ({detail}); no cambió nada.', 'the backup could not be restored ({detail}); nothing changed'],
  restore_running: ['Ya se está restaurando una copia; espere a que termine.', 'A restore is already running; wait for it to finish.'],

  // Voids (api/sections/documents/void-routes.ts, documents/void-remainder.ts)
  void_not_found: ['No hay ningún comprobante {key} en el ambiente {environment}.', 'No document {key} in {environment}.'],
  void_type: ['Un comprobante de tipo {type} no se anula con una nota de crédito.', 'A document of type {type} cannot be voided with a credit note.'],
  void_in_progress: ['{clave} ya se está anulando con una nota de crédito que se emite en este momento.', '{clave} is being voided by a credit note being issued.'],
  void_voided: ['A {clave} no le queda nada por acreditar: lo anuló {by}.', '{clave} has nothing left to credit: voided by {by}.'],
  void_credited: ['A {clave} no le queda nada por acreditar: sus notas de crédito cubren todo su total.', '{clave} has nothing left to credit: its credit notes cover its whole total.'],
  void_not_accepted: ['Solo se anula un comprobante que Hacienda aceptó; {clave} está en estado {status}.', 'Only an accepted document can be voided; {clave} is {status}.'],
  void_receiver_message: ['Un mensaje receptor no se anula.', 'A receiver message cannot be voided.'],
  void_at_till: ['{clave} se emitió en una caja: anúlelo en esa caja.', '{clave} was issued at a till: void it there.'],
  void_remainder_regimes: [
    '{clave} ya tiene notas, y sus líneas llevan regímenes para los que no se puede calcular el saldo (exoneraciones, impuestos específicos u otros, combos, impuesto asumido o IVA devuelto): emita la nota de crédito por los {amount} restantes desde la pantalla de facturas.',
    '{clave} already has notes, and its lines carry regimes a remainder cannot be worked out for (exonerations, specific or other taxes, combos, assumed tax or VAT returned): issue the credit note for the remaining {amount} from the invoice screen.',
  ],
  // The store of keys and sessions cannot be read (api/plugins/auth.ts, api/browser/session-auth.ts)
  keys_unavailable: ['No se pueden comprobar las llaves en este momento; intente de nuevo en unos segundos.', 'API keys cannot be checked right now; retry shortly.'],
  sessions_unavailable: ['No se puede comprobar la sesión en este momento; intente de nuevo en unos segundos.', 'Sessions cannot be checked right now; retry shortly.'],

  // Query strings, path parameters and headers that fail their schema (api/plugins/error-mapping.ts)
  param_missing: ['Falta el parámetro {name}.', 'The query parameter {name} is missing.'],
  path_param_missing: ['Falta el parámetro de ruta {name}.', 'The path parameter {name} is missing.'],
  header_missing: ['Falta el encabezado {name}.', 'The header {name} is missing.'],
  param_date: ['El parámetro {name} debe ser una fecha escrita AAAA-MM-DD.', 'The query parameter {name} must be a calendar date written YYYY-MM-DD.'],
  path_param_date: ['El parámetro de ruta {name} debe ser una fecha escrita AAAA-MM-DD.', 'The path parameter {name} must be a calendar date written YYYY-MM-DD.'],
  header_date: ['El encabezado {name} debe ser una fecha escrita AAAA-MM-DD.', 'The header {name} must be a calendar date written YYYY-MM-DD.'],
  param_invalid: ['El parámetro {name} no es válido: {detail}', 'The query parameter {name} is not valid: {detail}'],
  path_param_invalid: ['El parámetro de ruta {name} no es válido: {detail}', 'The path parameter {name} is not valid: {detail}'],
  header_invalid: ['El encabezado {name} no es válido: {detail}', 'The header {name} is not valid: {detail}'],

  // Keys and abilities (api/plugins/auth.ts)
  account_key_required: ['Esta operación necesita una llave de cuenta (permiso account:manage), no una llave de organización.', 'This operation needs an account key (ability account:manage), not an organization key.'],
  organization_key_required: ['Esta operación necesita una llave de organización, no una llave de cuenta.', 'This operation needs an organization key, not an account key.'],
  ability_missing: ['Esta llave de API no tiene el permiso {ability}.', 'This API key lacks the ability {ability}.'],

  // Identifications of recipients and organizations (organizations/identification.ts), recipients (api/sections/recipients/routes.ts)
  identification_digits: ['Solo puede llevar dígitos.', 'Must hold digits only.'],
  identification_digits_letters: ['Solo puede llevar dígitos o letras mayúsculas.', 'Must hold digits or capital letters only.'],
  identification_lengths: ['Una identificación de tipo {type} tiene {a} o {b} caracteres.', 'An identification of type {type} has {a} or {b} characters.'],
  identification_length: ['Una identificación de tipo {type} tiene {count} caracteres.', 'An identification of type {type} has {count} characters.'],
  identification_zero: ['Una identificación de tipo {type} no empieza con 0.', 'An identification of type {type} does not start with 0.'],
  recipient_not_found: ['No hay un cliente {id} en esta organización.', 'No recipient {id} in this organization.'],

  // Tariff codes (api/sections/catalogs/tariff-routes.ts): no national digits are known (docs/catalogs.md)
  tariff_national_unknown: [
    'Los dígitos nacionales de {code} no están en el catálogo, que llega hasta las subpartidas de 6 dígitos del Sistema Armonizado; su subpartida {subheading} existe ({description}). Verifique el código completo en el arancel de aduanas.',
    'The national digits of {code} are not in the catalogue, which holds the Harmonized System to 6 digits; its subheading {subheading} exists ({description}). Check the full code against the customs tariff.',
  ],
  tariff_not_found: ['No existe la partida arancelaria {code}.', 'No tariff code {code}.'],

  // The request schema's checks (Ajv's words, as api/plugins/error-mapping.ts writes them)
  required: ['Este campo es obligatorio.', 'This field is required.'],
  schema_email: ['Debe ser un correo electrónico válido.', 'Must match format "email".'],
  schema_format: ['No tiene el formato {format}.', 'Must match format "{format}".'],
  schema_min_length: ['Debe tener al menos {min} caracteres.', 'Must NOT have fewer than {min} characters.'],
  schema_max_length: ['No puede tener más de {max} caracteres.', 'Must NOT have more than {max} characters.'],
  schema_pattern: ['No tiene el formato esperado ({pattern}).', 'Must match pattern "{pattern}".'],
  schema_enum: ['Debe ser uno de los valores permitidos.', 'Must be equal to one of the allowed values.'],
  schema_additional: ['No admite otros campos.', 'Must NOT have additional properties.'],
  schema_minimum: ['Debe ser mayor o igual que {min}.', 'Must be >= {min}.'],
  schema_maximum: ['Debe ser menor o igual que {max}.', 'Must be <= {max}.'],

  // The other groups, one file each; RESOURCE_MESSAGES ends with the general "{what} not found.", so it comes last.
  ...ACCESS_MESSAGES,
  ...REQUEST_MESSAGES,
  ...SUCCESS_MESSAGES,
  ...RESOURCE_MESSAGES,
} as const satisfies Record<string, Bilingual>;

export type ServerMessageKey = keyof typeof messages;

/** Every key, in catalogue order (tests check each English template is recognised as itself). */
export const SERVER_MESSAGE_KEYS = Object.keys(messages) as ServerMessageKey[];

/** A message of the catalogue in `language`. */
export function serverMessage(language: Language, key: ServerMessageKey, params: Record<string, string | number> = {}): string {
  return inLanguage(messages[key], language, params);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each English template as an anchored pattern whose groups are its parameters, in catalogue order. */
const patterns = Object.entries(messages).map(([key, [, english]]) => {
  const names: string[] = [];
  const source = english.split(/(\{\w+\})/).map((part) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (!name) return escape(part);
    names.push(name);
    return '(.+?)';
  }).join('');
  return { key: key as ServerMessageKey, names, pattern: new RegExp(`^${source}$`, 's') };
});

/**
 * `text` in `language`: an English message of the catalogue becomes its Spanish twin, with the same
 * parameters; anything else (and everything in English) comes back as it is.
 */
export function localizeMessage(language: Language, text: string): string {
  if (language === 'en') return text;
  for (const { key, names, pattern } of patterns) {
    const match = pattern.exec(text);
    // A parameter may itself be a message of the catalogue (a schema check inside a parameter's refusal).
    if (match) return serverMessage(language, key, Object.fromEntries(names.map((name, i) => [name, localizeMessage(language, match[i + 1] ?? '')])));
  }
  return text;
}
