/**
 * Settings: the organization profile, branding, counters, scale labels, e-mail server, environment, backups and (at
 * a head office) the paired tills, one tab each. The tabs follow the WAI-ARIA pattern: Tab reaches the active one, arrow keys move between them.
 */
import { useEffect, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { useT, type MessageKey } from './messages.ts';
import { BackupsSection } from './BackupsSection.tsx';
import { BrandingSection } from './BrandingSection.tsx';
import { CountersSection } from './CountersSection.tsx';
import { EnvironmentSection } from './EnvironmentSection.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { SmtpSection } from './SmtpSection.tsx';
import { ScaleSection } from './ScaleSection.tsx';
import { TillsSection } from './TillsSection.tsx';
import { HeadOfficeSection } from './HeadOfficeSection.tsx';
import { useBranding, useProfileSettings, useSmtp } from './store.ts';
import './settings.css';

const TABS: { id: string; label: MessageKey; section: ComponentType }[] = [
  { id: 'profile', label: 'settings.tab.profile', section: ProfileSection },
  { id: 'branding', label: 'settings.tab.branding', section: BrandingSection },
  { id: 'counters', label: 'settings.tab.counters', section: CountersSection },
  { id: 'scale', label: 'settings.tab.scale', section: ScaleSection },
  { id: 'smtp', label: 'settings.tab.smtp', section: SmtpSection },
  { id: 'environment', label: 'settings.tab.environment', section: EnvironmentSection },
  { id: 'backups', label: 'settings.tab.backups', section: BackupsSection },
  // A head office's paired tills (docs/replication.md).
  { id: 'tills', label: 'settings.tab.tills', section: TillsSection },
  // A till's own head office, the one it reports to (docs/replication.md, "La caja").
  { id: 'head-office', label: 'settings.tab.headOffice', section: HeadOfficeSection },
];

export default function SettingsScreen() {
  const t = useT();
  const [active, setActive] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    void useProfileSettings.getState().load();
    void useBranding.getState().load();
    void useSmtp.getState().load();
  }, []);

  const onKey = (e: KeyboardEvent) => {
    const delta = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
    if (delta === 0) return;
    e.preventDefault();
    const next = (active + delta + TABS.length) % TABS.length;
    setActive(next);
    tabs.current[next]?.focus();
  };

  const current = TABS[active] ?? TABS[0]!;
  const Section = current.section;
  return (
    <section className="settings" data-testid="settings-screen">
      <h2>{t('settings.title')}</h2>
      <div className="settings-layout">
        <div role="tablist" aria-orientation="vertical" className="settings-tabs" onKeyDown={onKey}>
          {TABS.map((tab, i) => (
            <button key={tab.id} ref={(el) => { tabs.current[i] = el; }} type="button" role="tab" id={`settings-tab-${tab.id}`}
              aria-selected={i === active} aria-controls="settings-panel" tabIndex={i === active ? 0 : -1}
              className={i === active ? 'active' : ''} onClick={() => setActive(i)} data-testid={`settings-tab-${tab.id}`}>
              {t(tab.label)}
            </button>
          ))}
        </div>
        <div role="tabpanel" id="settings-panel" aria-labelledby={`settings-tab-${current.id}`} className="settings-panel">
          <h3>{t(current.label)}</h3>
          <Section />
        </div>
      </div>
    </section>
  );
}
