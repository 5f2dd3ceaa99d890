/**
 * What the API is built from (app.ts `buildApp`): what the route sections name between them
 * (sections/index.ts) and what the cross-cutting plugins (plugins/) need — the store, the clock, the vault,
 * the logger and the hosts to answer for. The composition root (core.ts, handed over by server.ts)
 * satisfies it structurally; nothing here names it.
 */
import type { Logger } from 'pino';
import type { Clock } from '../domain/clock.ts';
import type { Vault } from '../secrets/vault.ts';
import type { Store } from '../store/database.ts';
import type { Approvals } from '../tills/approvals.ts';
import type { SectionDependencies } from './sections/index.ts';

export interface PluginDependencies {
  store: Store;
  clock: Clock;
  /** Seals the idempotency cache's stored answers. */
  vault: Vault;
  /** fastify's logger: errors, and the rare line a plugin writes. */
  log: Logger;
  /** FACTURADOR_ALLOWED_HOSTS (plugins/host-check.ts). */
  config: { allowedHosts?: readonly string[] };
  /** Supervisors' approvals a cashier's request may carry (plugins/role-gate.ts). */
  approvals: Approvals;
}

export type ApiDependencies = SectionDependencies & PluginDependencies;
