/**
 * The settings routes' shapes (src/api/sections/organizations/settings-schemas.ts, smtp-schemas.ts,
 * go-live-schemas.ts, src/api/sections/backups/schemas.ts), derived from the server's schemas
 * (renderer/api/schemas.ts); the environment, account and profile members are the screens' narrower types.
 */
import type {
  BackupRestoredView, BackupView, BrandingInputView, BrandingView, CounterInputView, CounterView, GoLiveView, SmtpSettingsInputView, SmtpSettingsView, SmtpTestView,
} from '../api/schemas.ts';
import type { Environment } from '../shared/environment.ts';
import type { Account } from '../shared/plan.ts';
import type { Profile } from '../shared/organization/profile.ts';

export type Branding = Pick<BrandingView, 'color' | 'email_reply_to' | 'email_sender_name' | 'footer' | 'has_logo'>;

/** Members not sent keep their value; "" clears; `logo` is a PNG or JPEG in base64. */
export type BrandingInput = BrandingInputView;

/** A counter; the schema types `environment` as text: it is one of the two environments. */
export type Counter = Omit<Pick<CounterView, 'branch' | 'terminal' | 'document_type' | 'environment' | 'next_value' | 'updated_at'>, 'environment'> & { environment: Environment };

export type CounterInput = CounterInputView;

/** `allow_insecure`: the operator's opt-out of TLS (STARTTLS is required otherwise). */
export type SmtpSettings = Pick<SmtpSettingsView, 'configured' | 'host' | 'port' | 'secure' | 'allow_insecure' | 'username' | 'has_password' | 'from_address' | 'updated_at'>;

/** `password` omitted keeps the stored one; null or "" removes it. */
export type SmtpInput = SmtpSettingsInputView;

export type SmtpTestResult = Pick<SmtpTestView, 'to' | 'sent' | 'message_id' | 'response' | 'response_code' | 'error'>;

/**
 * POST /organizations/me/activate-production (docs/account.md, "Going live"); `activated` is false on a dry
 * run: nothing changed. The schema names only some members of the account and the profile (both open).
 */
export type GoLiveResult = Pick<GoLiveView, 'activated' | 'plan'> & { account: Account; organization: Profile };

export type Backup = BackupView;

/** A restore's answer: `login_url` only when the restored data does not know this browser's sign-in. */
export type BackupRestored = BackupRestoredView;
