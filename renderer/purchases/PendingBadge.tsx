/**
 * The number of suppliers' documents awaiting an answer, beside "Compras" in the top bar (in the warning
 * colour when some close within three business days). Part of the initial bundle, so it imports only the
 * shared client: asked once the screens are open, again whenever the shopkeeper changes screen, and every
 * few minutes; "Compras" announces what it reads itself (pending-signal.ts). A failure shows nothing: the
 * banner in "Compras" says the rest.
 */
import { useEffect, useState } from 'react';
import { api, BACKGROUND } from '../api/client.ts';
import type { DeadlinesView } from '../api/schemas.ts';
import { onPending, type PendingCounts } from './pending-signal.ts';

const EVERY_MS = 5 * 60_000;

export function PendingBadge({ ready, label }: { ready: boolean; label(count: number): string }) {
  const [counts, setCounts] = useState<PendingCounts | null>(null);

  useEffect(() => {
    if (!ready) return;
    let stale = false;
    const ask = () => {
      // In the background: the badge must not keep a cashier signed in (docs/tills.md, "Inactivity").
      api.data<DeadlinesView>('GET', '/received-documents/deadlines', undefined, BACKGROUND)
        .then(({ pending, closing }) => { if (!stale) setCounts({ pending, closing }); })
        .catch(() => { if (!stale) setCounts(null); });
    };
    ask();
    const timer = setInterval(ask, EVERY_MS);
    window.addEventListener('hashchange', ask);
    const unsubscribe = onPending(setCounts);
    return () => {
      stale = true;
      unsubscribe();
      clearInterval(timer);
      window.removeEventListener('hashchange', ask);
    };
  }, [ready]);

  if (!counts || counts.pending === 0) return null;
  return (
    <span className={`nav-badge ${counts.closing > 0 ? 'closing' : ''}`} title={label(counts.pending)} aria-label={label(counts.pending)} data-testid="nav-pending">{counts.pending}</span>
  );
}
