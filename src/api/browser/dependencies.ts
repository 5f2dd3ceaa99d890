/**
 * What browser access needs of the composition root: the store (sessions, the local account and its
 * internal keys) and the clock. The same narrow pair authenticates keys (plugins/auth.ts).
 */
import type { Clock } from '../../domain/clock.ts';
import type { Store } from '../../store/database.ts';

export interface BrowserDependencies {
  store: Pick<Store, 'db'>;
  clock: Clock;
}
