/**
 * The shell of the screens: navigation (Alt+1 … Alt+9, Alt+0), language switch, offline banner, and the first-run
 * gate (renderer/setup/). The counter is in the initial bundle (it is what opens); every other screen is
 * loaded when first opened, so the counter is interactive sooner (bench/ui measures both).
 */
import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useLanguage } from './i18n/store.ts';
import { useT, type MessageKey } from './shared/shell-messages.ts';
import { ConnectivityBanner } from './shared/connectivity/Banner.tsx';
import { CounterScreen } from './counter/CounterScreen.tsx';
import { SetupGate } from './setup/SetupGate.tsx';
import { SandboxMark } from './shared/SandboxMark.tsx';
import { SignOut } from './shared/SignOut.tsx';
import { PendingBadge } from './purchases/PendingBadge.tsx';
import { useSetup } from './setup/store.ts';
import { CashierGate } from './tills/CashierGate.tsx';
import { CashierBadge } from './tills/CashierBadge.tsx';
import { signedRole, useCashierSession } from './tills/session-store.ts';
import { screenAllowed } from './tills/visible-screens.ts';
import { ApprovalDialog } from './shared/approval/ApprovalDialog.tsx';

interface ScreenEntry {
  id: string;
  label: MessageKey;
  component: ComponentType;
}

const SCREENS: ScreenEntry[] = [
  { id: 'counter', label: 'nav.counter', component: CounterScreen },
  { id: 'documents', label: 'nav.documents', component: lazy(() => import('./documents/DocumentsScreen.tsx').then((m) => ({ default: m.DocumentsScreen }))) },
  { id: 'invoice', label: 'nav.invoice', component: lazy(() => import('./invoice/InvoiceScreen.tsx')) },
  { id: 'recipients', label: 'nav.recipients', component: lazy(() => import('./recipients/RecipientsScreen.tsx')) },
  { id: 'catalogs', label: 'nav.catalogs', component: lazy(() => import('./catalogs/CatalogsScreen.tsx')) },
  { id: 'webhooks', label: 'nav.webhooks', component: lazy(() => import('./webhooks/WebhooksScreen.tsx')) },
  { id: 'certificate', label: 'nav.certificate', component: lazy(() => import('./certificate/CertificateScreen.tsx')) },
  { id: 'settings', label: 'nav.settings', component: lazy(() => import('./settings/SettingsScreen.tsx')) },
  { id: 'keys', label: 'nav.keys', component: lazy(() => import('./keys/KeysScreen.tsx')) },
  // Last, so that the other screens keep the Alt+digit the shopkeeper knows; Alt+0 is the tenth.
  { id: 'products', label: 'nav.products', component: lazy(() => import('./products/ProductsScreen.tsx')) },
  // Past the tenth: reached by the top bar (and the address's #purchases, #vat), with no Alt+digit.
  { id: 'purchases', label: 'nav.purchases', component: lazy(() => import('./purchases/PurchasesScreen.tsx')) },
  { id: 'vat', label: 'nav.vat', component: lazy(() => import('./vat/VatScreen.tsx')) },
  // The tills (docs/tills.md): the shift and its X/Z, the cashiers, the printers and which till this PC is.
  { id: 'shift', label: 'nav.shift', component: lazy(() => import('./tills/ShiftScreen.tsx')) },
  { id: 'cashiers', label: 'nav.cashiers', component: lazy(() => import('./tills/CashiersScreen.tsx')) },
  { id: 'printers', label: 'nav.printers', component: lazy(() => import('./tills/PrintersScreen.tsx')) },
];

/** Another screen can send the shopkeeper somewhere (e.g. an expiring certificate's warning): `location.hash = '#certificate'`. */
function screenFromHash(): string {
  const id = globalThis.location?.hash.slice(1) ?? '';
  return SCREENS.some((s) => s.id === id) ? id : 'counter';
}

/**
 * A screen that failed (its code could not be loaded: the server restarted with another build, or stopped)
 * says so instead of blanking the whole window; the other screens stay reachable. Keyed by screen, so
 * opening another one starts afresh.
 */
class ScreenFailure extends Component<{ message(error: Error): ReactNode; children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    return this.state.error ? <p className="error" role="alert">{this.props.message(this.state.error)}</p> : this.props.children;
  }
}

export function App() {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  const [screen, setScreen] = useState<string>(screenFromHash);
  const ready = useSetup((s) => s.phase) === 'ready';
  const role = useCashierSession(signedRole);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Alt alone: Ctrl+Alt is AltGr on Windows, which types characters on some keyboards.
      const index = e.altKey && !e.ctrlKey && !e.metaKey && /^[0-9]$/.test(e.key) ? (Number(e.key) + 9) % 10 : -1;
      const target = SCREENS[index];
      if (!target || !screenAllowed(signedRole(useCashierSession.getState()), target.id)) return;
      e.preventDefault();
      globalThis.location.hash = target.id;
    };
    const onHash = () => setScreen(screenFromHash());
    window.addEventListener('keydown', onKey);
    window.addEventListener('hashchange', onHash);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('hashchange', onHash);
    };
  }, []);

  // A screen the cashier's role is not offered falls back to the counter (the address may still name it).
  const Current = (SCREENS.find((s) => s.id === screen && screenAllowed(role, s.id)) ?? SCREENS[0]!).component;
  return (
    <div className="app">
      <nav className="topbar">
        <strong>{t('app.title')}</strong>
        {/* PRUEBAS on every screen while the organization issues in the sandbox. */}
        <SandboxMark />
        {SCREENS.map((s, i) => screenAllowed(role, s.id) && (
          <a key={s.id} href={`#${s.id}`} className={screen === s.id ? 'active' : ''} aria-current={screen === s.id ? 'page' : undefined} title={i < 10 ? `Alt+${(i + 1) % 10}` : undefined} data-testid={`nav-${s.id}`}>
            {t(s.label)}
            {s.id === 'purchases' && <PendingBadge ready={ready} label={(count) => t('nav.pendingAnswers', { count })} />}
          </a>
        ))}
        <span className="spacer" />
        <CashierBadge />
        <button type="button" onClick={() => setLanguage(language === 'es' ? 'en' : 'es')}>{t('lang.switch')}</button>
        <SignOut />
      </nav>
      {/* The PIN pad while a cashier must sign in (docs/tills.md); the screens behind it. */}
      <CashierGate>
        <SetupGate>
          <ConnectivityBanner />
          <main>
            <ScreenFailure key={screen} message={(error) => t('app.screenFailed', { message: error.message })}>
              <Suspense fallback={<p className="muted">…</p>}>
                <Current />
              </Suspense>
            </ScreenFailure>
          </main>
        </SetupGate>
        <ApprovalDialog />
      </CashierGate>
    </div>
  );
}
