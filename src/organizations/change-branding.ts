/**
 * Changing the branding of PDFs and e-mails (PUT /organizations/me/branding): only the members sent
 * change, blank text clears one, and a logo is checked and re-encoded (logo.ts, in a worker thread) before
 * it is stored; `""` removes it.
 */
import type { Clock } from '../domain/clock.ts';
import type { Store } from '../store/database.ts';
import { saveBranding, type BrandingChanges, type BrandingRow } from '../store/brandings.ts';
import { readLogo } from './logo.ts';

export interface BrandingDeps {
  store: Pick<Store, 'db'>;
  clock: Clock;
}

/** What a client may send; absent members keep their value. */
export interface BrandingInput {
  color?: string;
  emailReplyTo?: string;
  emailSenderName?: string;
  footer?: string;
  /** PNG or JPEG, base64; `""` removes the logo. */
  logo?: string;
}

async function brandingChanges(input: BrandingInput): Promise<BrandingChanges> {
  const text = (value: string | undefined) => (value === undefined ? undefined : value.trim() || null);
  const changes: BrandingChanges = {
    color: text(input.color),
    emailReplyTo: text(input.emailReplyTo),
    emailSenderName: text(input.emailSenderName),
    footer: text(input.footer),
  };
  if (input.logo !== undefined) {
    const logo = await readLogo(input.logo);
    changes.logo = logo?.bytes ?? null;
    changes.logoMime = logo?.mime ?? null;
  }
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
}

/** The branding as stored after the change (one row, written once the logo is ready). */
export async function changeBranding(deps: BrandingDeps, organizationId: number, input: BrandingInput): Promise<BrandingRow> {
  const changes = await brandingChanges(input);
  return saveBranding(deps.store.db, organizationId, changes, deps.clock.now());
}
