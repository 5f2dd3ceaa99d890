/** Counter and branding rows as the spec's `Counter` and `Branding` (the logo itself never, only `has_logo`). */
import type { BrandingRow } from '../../../store/brandings.ts';
import type { CounterRow } from '../../../store/counters.ts';

export function counterView(row: CounterRow) {
  return {
    branch: row.branch,
    terminal: row.terminal,
    document_type: row.documentType,
    environment: row.environment,
    next_value: row.nextValue,
    updated_at: row.updatedAt,
  };
}

export function brandingView(row: BrandingRow | undefined) {
  return {
    color: row?.color ?? null,
    email_reply_to: row?.emailReplyTo ?? null,
    email_sender_name: row?.emailSenderName ?? null,
    footer: row?.footer ?? null,
    has_logo: Boolean(row?.logo),
  };
}
