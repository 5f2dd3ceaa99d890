/**
 * The suppliers' mailbox as the poll needs it (password in clear, in memory only) and as the Settings screen
 * changes it. The password is sealed by the vault with the context `org:<id>:mailbox_password`, so a
 * ciphertext copied into another organization's row does not open; like the SMTP password, it follows no
 * change of server: a new host, port, user or security needs it typed again (issue 12).
 */
import { AppError } from '../domain/errors.ts';
import type { Vault } from '../secrets/vault.ts';
import type { Store } from '../store/database.ts';
import { getMailboxSettings, saveMailboxSettings, type MailboxSettingsRow } from '../store/mailbox-settings.ts';
import { scheduleOrganizationJob } from '../store/outbox.ts';
import type { MailboxSettings } from './imap-inbox.ts';

/** The outbox job that polls a mailbox (poll-mailbox-job.ts handles it). */
export const POLL_MAILBOX_JOB = 'poll_mailbox';

export interface MailboxSecrets {
  store: Pick<Store, 'db'>;
  vault: Vault;
}

/** What the Settings screen sends. `password` undefined keeps the stored one. */
export interface MailboxInput {
  environment: string;
  host: string;
  port: number;
  secure: boolean;
  username: string;
  password?: string;
  folder: string;
  processedFolder: string | null;
  intervalMinutes: number;
  enabled: boolean;
}

const context = (organizationId: number) => `org:${organizationId}:mailbox_password`;

/** The mailbox with its password opened, and where its documents are filed; undefined when there is none. */
export function loadMailbox(deps: MailboxSecrets, organizationId: number): { settings: MailboxSettings; row: MailboxSettingsRow } | undefined {
  const row = getMailboxSettings(deps.store.db, organizationId);
  if (!row) return undefined;
  const password = deps.vault.decrypt(row.password, context(organizationId)).toString('utf8');
  const settings: MailboxSettings = {
    host: row.host, port: row.port, secure: row.secure, user: row.username, password, folder: row.folder,
    ...(row.processedFolder && { processedFolder: row.processedFolder }),
  };
  return { settings, row };
}

function destinationChanged(stored: MailboxSettingsRow, input: MailboxInput): boolean {
  return stored.host.toLowerCase() !== input.host.toLowerCase() || stored.port !== input.port || stored.username !== input.username || stored.secure !== input.secure;
}

export function storeMailbox(deps: MailboxSecrets, organizationId: number, input: MailboxInput, now: Date): MailboxSettingsRow {
  const stored = getMailboxSettings(deps.store.db, organizationId);
  if (input.password === undefined && (!stored || destinationChanged(stored, input))) {
    throw new AppError('validation_error', 422, 'Type the mailbox password: it is new, or the host, port, user or security changed.', {
      fieldErrors: { password: ['Type the mailbox password: it is new, or the host, port, user or security changed.'] },
    });
  }
  const sealed = input.password === undefined ? stored!.password : deps.vault.encrypt(input.password, context(organizationId));
  const iso = now.toISOString();
  return saveMailboxSettings(deps.store.db, {
    organizationId, environment: input.environment, host: input.host, port: input.port, secure: input.secure, username: input.username,
    password: sealed, folder: input.folder, processedFolder: input.processedFolder, intervalMinutes: input.intervalMinutes, enabled: input.enabled,
    createdAt: iso, updatedAt: iso,
  });
}

/** Stores the mailbox and, when it is enabled, has it polled now; one transaction. */
export function configureMailbox(deps: MailboxSecrets & { store: Pick<Store, 'transaction'> }, organizationId: number, input: MailboxInput, now: Date): MailboxSettingsRow {
  return deps.store.transaction((db) => {
    const row = storeMailbox({ ...deps, store: { db } }, organizationId, input, now);
    if (row.enabled) scheduleOrganizationJob(db, POLL_MAILBOX_JOB, organizationId, now, now);
    return row;
  });
}
