/**
 * The environment the organization issues in. In the sandbox: going live (GoLivePanel — the server checks
 * the production certificate and credentials, then the owner confirms). In production: the way back to
 * the sandbox, which changes no licence.
 */
import { useT } from './messages.ts';
import { Feedback } from './Feedback.tsx';
import { GoLivePanel } from './GoLivePanel.tsx';
import { useGoLive, useProfileSettings } from './store.ts';

export function EnvironmentSection() {
  const t = useT();
  const state = useProfileSettings();
  const activated = useGoLive((s) => s.activated);
  const current = state.profile?.default_environment;
  if (!current) return <Feedback state={state} />;
  return (
    <div data-testid="settings-environment" data-environment={current}>
      <p className="muted">{t('settings.env.why')}</p>
      <p><strong>{t('settings.env.current', { environment: t(`settings.env.${current}`) })}</strong></p>
      {current === 'staging' ? <GoLivePanel /> : (
        <div>
          {activated && <p className="success" role="status" data-testid="go-live-done">{t('settings.golive.done')}</p>}
          <button type="button" disabled={state.busy} onClick={() => void useProfileSettings.getState().setEnvironment('staging')} data-testid="env-to-staging">
            {t('settings.env.switch', { environment: t('settings.env.staging') })}
          </button>
          <p className="muted">{t('settings.env.stagingNote')}</p>
        </div>
      )}
      <Feedback state={state} />
    </div>
  );
}
