/**
 * The sandbox mark. While the organization issues in the tax authority's test environment its tickets have
 * no fiscal value, and nothing else on a screen says so: the top bar of every screen shows PRUEBAS, and the
 * wizard's test-ticket step says it in full (`children`). Read from the organization's default environment
 * as the setup gate read it (shared/organization/store.ts), which Settings keeps current: going live removes
 * it at once.
 */
import type { ReactNode } from 'react';
import { useT } from './messages.ts';
import { useOrganization } from './organization/store.ts';
import './sandbox-mark.css';

export function SandboxMark({ children }: { children?: ReactNode }) {
  const t = useT();
  const environment = useOrganization((s) => s.profile?.default_environment);
  if (environment !== 'staging') return null;
  if (children) {
    return <p className="sandbox-notice" role="note" data-testid="sandbox-notice"><strong>{t('sandbox.mark')}</strong> {children}</p>;
  }
  return (
    <span className="sandbox-mark" title={t('sandbox.detail')} aria-label={t('sandbox.detail')} data-testid="sandbox-mark">
      {t('sandbox.mark')} <small>{t('sandbox.short')}</small>
    </span>
  );
}
