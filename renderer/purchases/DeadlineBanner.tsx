/**
 * "N documentos por responder; el plazo vence el …" above the list, in the warning colour when some close
 * within three business days (GET /received-documents/deadlines). Its button shows the pending ones,
 * nearest deadline first. Hidden when nothing waits or the summary cannot be read.
 */
import { useLanguage } from '../i18n/store.ts';
import { dayText } from './format.ts';
import { useT } from './messages.ts';
import { usePurchases } from './store.ts';

export function DeadlineBanner() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const deadlines = usePurchases((s) => s.deadlines);
  if (!deadlines || deadlines.pending === 0 || !deadlines.next_due) return null;
  const date = dayText(language, deadlines.next_due);
  const showPending = () => {
    const store = usePurchases.getState();
    store.setFilter('state', 'pending');
    store.setFilter('nearestFirst', true);
    void store.load(1);
  };
  return (
    <div className={`purchases-banner ${deadlines.closing > 0 ? 'closing' : ''}`} role="status" data-testid="deadline-banner" data-closing={deadlines.closing}>
      <strong>{deadlines.pending === 1 ? t('purchases.bannerOne', { date }) : t('purchases.banner', { count: deadlines.pending, date })}</strong>
      {deadlines.closing > 0 && <span> {t('purchases.bannerClosing', { count: deadlines.closing })}</span>}
      <button type="button" onClick={showPending}>{t('purchases.bannerShow')}</button>
    </div>
  );
}
