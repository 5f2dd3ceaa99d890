/** The settings routes' shapes (src/api/sections/organizations/settings-routes.ts, smtp-settings.ts, account.ts, backups.ts). */
import type { Environment } from '../shared/environment.ts';
import type { Account } from '../shared/plan.ts';
import type { Profile } from '../shared/organization/profile.ts';

export interface Branding {
  color: string | null;
  email_reply_to: string | null;
  email_sender_name: string | null;
  footer: string | null;
  has_logo: boolean;
}

/** Members not sent keep their value; "" clears; `logo` is a PNG or JPEG in base64. */
export interface BrandingInput {
  color?: string;
  email_reply_to?: string;
  email_sender_name?: string;
  footer?: string;
  logo?: string;
}

export interface Counter {
  branch: string;
  terminal: string;
  document_type: string;
  environment: Environment;
  next_value: number;
  updated_at: string;
}

export interface CounterInput {
  branch: string;
  terminal: string;
  document_type: string;
  next_value: number;
  environment?: Environment;
}

export interface SmtpSettings {
  configured: boolean;
  host: string | null;
  port: number | null;
  secure: boolean;
  /** Operator's opt-out of TLS (STARTTLS is required otherwise). */
  allow_insecure: boolean;
  username: string | null;
  has_password: boolean;
  from_address: string | null;
  updated_at: string | null;
}

/** `password` omitted keeps the stored one; null or "" removes it. */
export interface SmtpInput {
  host: string;
  port: number;
  secure?: boolean;
  allow_insecure?: boolean;
  username?: string | null;
  password?: string | null;
  from_address: string;
}

export interface SmtpTestResult {
  to: string;
  sent: boolean;
  message_id: string | null;
  response: string | null;
  response_code: number | null;
  error: string | null;
}

/** POST /organizations/me/activate-production (docs/account.md, "Going live"). */
export interface GoLiveResult {
  /** false on a dry run: nothing changed. */
  activated: boolean;
  plan: string;
  account: Account;
  organization: Profile;
}


export interface Backup {
  name: string;
  size: number;
  created_at: string;
  automatic: boolean;
  kind: 'manual' | 'automatic' | 'before-restore';
}

/** A restore's answer: `login_url` only when the restored data does not know this browser's sign-in. */
export interface BackupRestored {
  restored_from: string;
  kept_as: string;
  migrations: number;
  rows: number;
  login_url?: string;
}
