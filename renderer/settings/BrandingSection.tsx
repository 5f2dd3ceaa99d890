/** Branding of PDFs and e-mails, with the stored logo shown and a newly chosen one previewed before it is saved. */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useT } from './messages.ts';
import { brandingDraft, type BrandingDraft } from './branding-store.ts';
import { Feedback, SaveButton } from './Feedback.tsx';
import { LogoPreview, storedLogoUrl } from './LogoPreview.tsx';
import { useBranding } from './store.ts';

export function BrandingSection() {
  const t = useT();
  const state = useBranding();
  const { branding } = state;
  const [draft, setDraft] = useState<BrandingDraft>(() => brandingDraft(branding));
  const fileInput = useRef<HTMLInputElement>(null);
  // New with every answer of the server (load, save), also across visits: the stored logo is fetched again.
  const logoVersion = useMemo(() => Date.now(), [branding]);

  useEffect(() => {
    setDraft(brandingDraft(branding));
    if (fileInput.current) fileInput.current.value = '';
  }, [branding]);

  const change = (patch: Partial<BrandingDraft>) => setDraft({ ...draft, ...patch });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void useBranding.getState().save(draft);
  };
  const color = /^#[0-9A-Fa-f]{6}$/.test(draft.color) ? draft.color : '#1d3557';

  return (
    <form onSubmit={submit} data-testid="settings-branding">
      <p className="muted">{t('settings.branding.why')}</p>
      <div className="branding-layout">
        <div>
          <div className="form-row">
            <label>
              {t('settings.branding.color')}
              <span className="color-pair">
                <input type="color" value={color} onChange={(e) => change({ color: e.target.value })} aria-label={t('settings.branding.color')} />
                <input value={draft.color} onChange={(e) => change({ color: e.target.value })} placeholder="#1D3557" maxLength={7} />
              </span>
            </label>
            <label>{t('settings.branding.senderName')}<input value={draft.email_sender_name} onChange={(e) => change({ email_sender_name: e.target.value })} maxLength={100} /></label>
          </div>
          <label>{t('settings.branding.replyTo')}<input type="email" value={draft.email_reply_to} onChange={(e) => change({ email_reply_to: e.target.value })} maxLength={255} /></label>
          <label>{t('settings.branding.footer')}<textarea value={draft.footer} onChange={(e) => change({ footer: e.target.value })} maxLength={300} rows={2} /></label>
        </div>
        <div className="logo-box">
          <label>
            {t('settings.branding.logo')}
            <input ref={fileInput} type="file" accept="image/png,image/jpeg" data-testid="logo-file" onChange={(e) => change({ logo: e.target.files?.[0] ?? null })} />
          </label>
          {draft.logo ? (
            <>
              <LogoPreview file={draft.logo} alt={t('settings.branding.logoChosenAlt')} />
              <p className="muted">{t('settings.branding.logoChosen')}</p>
            </>
          ) : (
            <>
              {branding?.has_logo && <LogoPreview src={storedLogoUrl(logoVersion)} alt={t('settings.branding.logoStoredAlt')} />}
              <p className="muted" data-testid="logo-state">{branding?.has_logo ? t('settings.branding.logoStored') : t('settings.branding.logoNone')}</p>
            </>
          )}
          {branding?.has_logo && !draft.logo && (
            <label className="check">
              <input type="checkbox" checked={draft.removeLogo} onChange={(e) => change({ removeLogo: e.target.checked })} />
              {t('settings.branding.removeLogo')}
            </label>
          )}
        </div>
      </div>
      <Feedback state={state} />
      <SaveButton busy={state.busy} />
    </form>
  );
}
