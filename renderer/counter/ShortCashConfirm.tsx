/**
 * Cash received below the total: asked before issuing, since a signed ticket cannot be taken back. The
 * confirm button has the focus, so Enter issues anyway and Esc goes back to correct the amount.
 */
import { useEffect, useRef } from 'react';
import { useLanguage } from '../i18n/store.ts';
import { useT } from './messages.ts';
import type { ShortCash } from './issue-guard.ts';
import { formatMoney } from '../shared/money.ts';

export function ShortCashConfirm({ short, onIssue, onBack }: { short: ShortCash; onIssue(): void; onBack(): void }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const issue = useRef<HTMLButtonElement>(null);
  useEffect(() => issue.current?.focus(), []);
  const money = (amount: string) => formatMoney(language, amount);
  return (
    <div
      className="counter-confirm" role="alertdialog" aria-labelledby="short-cash-title" data-testid="short-cash"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        onBack();
      }}
    >
      <h2 id="short-cash-title">{t('counter.shortTitle')}</h2>
      <p>{t('counter.shortText', { received: money(short.received), total: money(short.total), missing: money(short.missing) })}</p>
      <button ref={issue} type="button" onClick={onIssue} data-testid="short-cash-issue">{t('counter.shortIssue')}</button>
      <button type="button" onClick={onBack}>{t('counter.shortBack')}</button>
    </div>
  );
}
