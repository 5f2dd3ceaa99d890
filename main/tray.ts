/**
 * The tray icon's text: how many documents still wait on the tax authority, read straight from the
 * in-process core (the store and the reachability monitor) — no HTTP round trip or credential needed,
 * and /status carries no queue count. Spanish by default, like the screens.
 */
import { waitingDocuments, type Core } from '../src/index.ts';

export interface TrayState {
  /** Documents without a verdict yet (processing, sent, queued). */
  waiting: number;
  /** Of those, the ones not delivered yet. */
  queued: number;
  /** false when an environment's last contact failed; null when nothing was checked yet. */
  reachable: boolean | null;
}

export type TrayLanguage = 'es' | 'en';

export function trayState(core: Pick<Core, 'store' | 'hacienda'>): TrayState {
  const { waiting, queued } = waitingDocuments(core.store.db);
  const statuses = (['staging', 'production'] as const).map((env) => core.hacienda.monitor.status(env)).filter((s) => s.token !== null || s.api !== null);
  const reachable = statuses.length === 0 ? null : statuses.every((s) => s.available);
  return { waiting, queued, reachable };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function trayText(state: TrayState, language: TrayLanguage = 'es'): string {
  const es = language === 'es';
  const parts: string[] = [];
  if (state.queued > 0) parts.push(es ? `${plural(state.queued, 'documento', 'documentos')} en cola` : `${plural(state.queued, 'document', 'documents')} queued`);
  const pending = state.waiting - state.queued;
  if (pending > 0) parts.push(es ? `${plural(pending, 'documento', 'documentos')} esperando respuesta` : `${plural(pending, 'document', 'documents')} awaiting a verdict`);
  if (parts.length === 0) parts.push(es ? 'todo enviado a Hacienda' : 'everything sent to Hacienda');
  if (state.reachable === false) parts.push(es ? 'Hacienda sin conexión' : 'Hacienda unreachable');
  return `Facturador — ${parts.join(' · ')}`;
}
