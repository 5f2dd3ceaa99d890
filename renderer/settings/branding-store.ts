/**
 * Branding of the PDFs and e-mails: colour, sender name, reply-to, footer and the logo (PNG or JPEG of at
 * most 512 KB, sent as base64). Members left as they are stay out of the PUT.
 */
import { create } from 'zustand';
import { fileToBase64 } from '../shared/base64.ts';
import { settingsApi, type SettingsApi } from './api.ts';
import { idle, sectionRunner, type SectionState } from './section.ts';
import type { Branding, BrandingInput } from './types.ts';

export const MAX_LOGO_BYTES = 512 * 1024;

export interface BrandingDraft {
  color: string;
  email_sender_name: string;
  email_reply_to: string;
  footer: string;
  /** A newly chosen logo; null keeps the stored one. */
  logo: Blob | null;
  /** Remove the stored logo (ignored when a new one is chosen). */
  removeLogo: boolean;
}

export type LogoProblem = 'type' | 'size';

/** What the server would refuse about a chosen logo, said before the upload. */
export function logoProblem(file: Blob): LogoProblem | null {
  if (file.type !== 'image/png' && file.type !== 'image/jpeg') return 'type';
  return file.size > MAX_LOGO_BYTES ? 'size' : null;
}

export function brandingDraft(branding: Branding | null): BrandingDraft {
  return {
    color: branding?.color ?? '',
    email_sender_name: branding?.email_sender_name ?? '',
    email_reply_to: branding?.email_reply_to ?? '',
    footer: branding?.footer ?? '',
    logo: null,
    removeLogo: false,
  };
}

/** The PUT body: changed texts ("" clears), the new logo in base64, or "" to remove it. */
export async function brandingBody(current: Branding | null, draft: BrandingDraft): Promise<BrandingInput> {
  const body: BrandingInput = {};
  const texts = ['color', 'email_sender_name', 'email_reply_to', 'footer'] as const;
  for (const key of texts) {
    const value = draft[key].trim();
    if (value !== (current?.[key] ?? '')) body[key] = value;
  }
  if (draft.logo) body.logo = await fileToBase64(draft.logo);
  else if (draft.removeLogo && current?.has_logo) body.logo = '';
  return body;
}

export interface BrandingState extends SectionState {
  branding: Branding | null;
  load(): Promise<void>;
  save(draft: BrandingDraft): Promise<boolean>;
}

export function createBrandingStore(api: Pick<SettingsApi, 'branding' | 'saveBranding'> = settingsApi()) {
  return create<BrandingState>((set, get) => {
    const run = sectionRunner(get, set);
    return {
      ...idle,
      branding: null,
      load: async () => {
        await run(async () => set({ branding: await api.branding() }), false);
      },
      save: (draft) => run(async () => {
        if (draft.logo && logoProblem(draft.logo)) throw new Error(`logo_${logoProblem(draft.logo)}`);
        const body = await brandingBody(get().branding, draft);
        if (Object.keys(body).length > 0) set({ branding: await api.saveBranding(body) });
      }),
    };
  });
}
