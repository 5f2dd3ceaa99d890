/** The first-run wizard: where the shopkeeper is among the steps, and the current one. */
import type { ComponentType } from 'react';
import { useT } from './messages.ts';
import { CertificateStep } from './CertificateStep.tsx';
import { LocationStep } from './LocationStep.tsx';
import { OrganizationStep } from './OrganizationStep.tsx';
import { TicketStep } from './TicketStep.tsx';
import { useSetup } from './store.ts';
import { STEPS, type SetupStep } from './types.ts';

const PANELS: Record<SetupStep, ComponentType> = {
  organization: OrganizationStep,
  location: LocationStep,
  certificate: CertificateStep,
  ticket: TicketStep,
};

export default function SetupWizard() {
  const t = useT();
  const step = useSetup((s) => s.step);
  const index = STEPS.indexOf(step);
  const Panel = PANELS[step];
  return (
    <section className="setup" data-testid="setup-wizard" data-step={step}>
      <header>
        <h1>{t('setup.title')}</h1>
        <p className="muted">{t('setup.intro')}</p>
      </header>
      <ol className="setup-steps">
        {STEPS.map((s, i) => (
          <li key={s} className={i < index ? 'done' : i === index ? 'current' : ''} aria-current={i === index ? 'step' : undefined}>
            <span className="n">{i < index ? '✓' : i + 1}</span> {t(`setup.step.${s}`)}
          </li>
        ))}
      </ol>
      <div className="setup-panel">
        <h2>{t('setup.stepOf', { n: index + 1, total: STEPS.length })}: {t(`setup.step.${step}`)}</h2>
        <Panel key={step} />
      </div>
    </section>
  );
}
