/**
 * The environment the organization issues in. Production is not offered when the account's plan does not
 * allow it (the server would refuse the switch with 402 plan_required, and after such a refusal it is not
 * offered either).
 */
import { useT } from '../i18n/store.ts';
import { ENVIRONMENTS } from '../certificate/types.ts';
import { Feedback } from './Feedback.tsx';
import { useProfileSettings } from './store.ts';

export function EnvironmentSection() {
  const t = useT();
  const state = useProfileSettings();
  const current = state.profile?.default_environment;
  if (!current) return <Feedback state={state} />;
  return (
    <div data-testid="settings-environment">
      <p className="muted">{t('settings.env.why')}</p>
      <p><strong>{t('settings.env.current', { environment: t(`settings.env.${current}`) })}</strong></p>
      {ENVIRONMENTS.filter((env) => env !== current).map((env) => (
        <div key={env}>
          <button type="button" className="primary" disabled={state.busy || (env === 'production' && state.liveAllowed === false)}
            onClick={() => void useProfileSettings.getState().setEnvironment(env)}>
            {t('settings.env.switch', { environment: t(`settings.env.${env}`) })}
          </button>
          {env === 'production' && <p className="muted">{state.liveAllowed === false ? t('settings.env.planRequired') : t('settings.env.productionNote')}</p>}
        </div>
      ))}
      <Feedback state={state} />
    </div>
  );
}
