/**
 * An organization's outgoing mail server as the sender needs it (password in clear, in memory only) and
 * as the Settings screen changes it. The password is sealed by the vault with the context
 * `org:<id>:smtp_password`, so a ciphertext copied into another organization's row does not open.
 */
import { RequestValidationError } from '../documents/request/problems.ts';
import type { Vault } from '../secrets/vault.ts';
import type { Store } from '../store/database.ts';
import { getSmtpSettings, saveSmtpSettings, type SmtpSettingsRow } from '../store/smtp-settings.ts';

export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS, required unless `allowInsecure`. */
  secure: boolean;
  /** The operator's explicit opt-out: a server without STARTTLS is spoken to (and logged in to) in clear. */
  allowInsecure: boolean;
  username: string | null;
  password: string | null;
  fromAddress: string;
}

/** What the Settings screen sends. `password` undefined keeps the stored one; null or "" clears it. */
export interface SmtpSettingsInput {
  host: string;
  port: number;
  secure: boolean;
  allowInsecure: boolean;
  username: string | null;
  password?: string | null;
  fromAddress: string;
}

export interface SecretStore {
  store: Store;
  vault: Vault;
}

const context = (organizationId: number) => `org:${organizationId}:smtp_password`;

export function loadSmtpSettings(deps: SecretStore, organizationId: number): SmtpSettings | undefined {
  const row = getSmtpSettings(deps.store.db, organizationId);
  if (!row) return undefined;
  const password = row.password ? deps.vault.decrypt(row.password, context(organizationId)).toString('utf8') : null;
  return { host: row.host, port: row.port, secure: row.secure, allowInsecure: row.allowInsecure, username: row.username, password, fromAddress: row.fromAddress };
}

/**
 * Whether the stored password would go somewhere it was not typed for: another host, port or user, or a
 * weaker or different transport. Then the password must be typed again, or whoever may change settings
 * could point the server at a host of theirs and read it in AUTH (issue 12).
 */
function destinationChanged(stored: SmtpSettingsRow, input: SmtpSettingsInput): boolean {
  return stored.host.toLowerCase() !== input.host.toLowerCase() || stored.port !== input.port || stored.username !== input.username
    || stored.secure !== input.secure || stored.allowInsecure !== input.allowInsecure;
}

/**
 * Stores the settings. A password that is not sent is kept while the server it is for stays the same (the
 * screen can change the From address without asking for it); a change of host, port, user or security
 * needs it again. A server without a user name gets no password (it would never be used). A user name with
 * no password, sent or stored, is refused as a validation error.
 */
export function storeSmtpSettings(deps: SecretStore, organizationId: number, input: SmtpSettingsInput, now: Date): SmtpSettingsRow {
  const stored = getSmtpSettings(deps.store.db, organizationId);
  if (input.password === undefined && input.username && stored?.password && destinationChanged(stored, input)) {
    throw new RequestValidationError({ password: ['Type the password again: the host, port, user or security changed.'] });
  }
  const sealed = input.password === undefined
    ? (stored?.password ?? null)
    : input.password ? deps.vault.encrypt(input.password, context(organizationId)) : null;
  if (input.username && !sealed) throw new RequestValidationError({ password: ['Required when a username is set.'] });
  const iso = now.toISOString();
  return saveSmtpSettings(deps.store.db, {
    organizationId,
    host: input.host,
    port: input.port,
    secure: input.secure,
    allowInsecure: input.allowInsecure,
    username: input.username,
    password: input.username ? sealed : null,
    fromAddress: input.fromAddress,
    createdAt: iso,
    updatedAt: iso,
  });
}
