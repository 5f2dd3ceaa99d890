/** The ticket just issued: its clave at once, its status as the tax authority's answer comes in. */
import { useEffect } from 'react';
import { formatAmount, useLanguage, useT } from '../i18n/store.ts';
import { StatusBadge } from '../documents/StatusBadge.tsx';
import { useCounter } from './store.ts';

const FINAL = new Set(['accepted', 'rejected', 'error']);
const POLL_MS = 2000;

export function IssuedPanel() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const issued = useCounter((s) => s.issued);
  const status = issued?.status;

  useEffect(() => {
    if (!status || FINAL.has(status)) return;
    const timer = setInterval(() => void useCounter.getState().refreshIssued(), POLL_MS);
    return () => clearInterval(timer);
  }, [status, issued?.clave]);

  if (!issued) return null;
  return (
    <div className="issued" data-testid="issued">
      <h2>{t('counter.issued')} {issued.consecutive}</h2>
      <p>
        {t('counter.clave')}: <code data-testid="clave">{issued.clave}</code>
      </p>
      <p>
        <StatusBadge status={issued.status} />
        {issued.detail && <> · {t('counter.total')}: ₡{formatAmount(language, issued.detail.total_amount)}</>}
      </p>
    </div>
  );
}
