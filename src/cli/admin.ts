/**
 * The local administrator's commands, run against the same data directory as the server:
 *   facturador keys create --name NAME --mode test|live [--organization UUID] [--abilities a,b] [--expires ISO]
 *   facturador account set-plan CODE
 *   facturador account set-status sandbox|active|past_due|canceled
 * `keys create` prints the new key's full secret alone on stdout.
 */
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { createCore, type Core } from '../core.ts';
import { localAccount, updateAccount } from '../store/accounts.ts';
import { createApiKey } from '../store/api-keys.ts';
import { isReservedKeyName } from '../store/browser-key.ts';
import { getOrganizationByUuid } from '../store/organizations.ts';
import { ACCOUNT_ABILITIES, ORGANIZATION_ABILITIES } from '../api/abilities.ts';
import { findPlan, priceList } from '../billing/price-list.ts';
import type { Output } from './output.ts';

export const ACCOUNT_STATUSES = ['sandbox', 'active', 'past_due', 'canceled'] as const;

function withCore<T>(dataDir: string | undefined, fn: (core: Core) => T): T {
  const config = loadConfig({ dataDir });
  // Logs (migrations, the key-file warning) go to stderr: stdout carries only the result, e.g. a secret
  // captured with KEY=$(facturador keys create ...).
  const core = createCore(config, { logger: pino({ level: config.logLevel }, pino.destination({ dest: 2, sync: true })) });
  try {
    return fn(core);
  } finally {
    void core.close(); // nothing was started: this only closes the database
  }
}

export interface KeysCreateOptions {
  name?: string;
  mode?: string;
  organization?: string;
  abilities?: string;
  expires?: string;
  dataDir?: string;
}

export function keysCreate(options: KeysCreateOptions, out: Output): number {
  if (!options.name || options.name.length > 100) return fail(out, 'keys create needs --name (at most 100 characters)');
  if (isReservedKeyName(options.name)) return fail(out, `the name "${options.name}" is reserved for the browser sessions' own keys`);
  if (options.mode !== 'test' && options.mode !== 'live') return fail(out, 'keys create needs --mode test or --mode live');
  if (options.expires !== undefined && !(Date.parse(options.expires) > Date.now())) return fail(out, '--expires must be a future date-time');
  return withCore(options.dataDir, (core) => {
    const now = core.clock.now();
    const account = localAccount(core.store.db, now);
    const organization = options.organization ? getOrganizationByUuid(core.store.db, account.id, options.organization) : undefined;
    if (options.organization && !organization) return fail(out, `no organization ${options.organization}`);
    const available: readonly string[] = organization ? ORGANIZATION_ABILITIES : ACCOUNT_ABILITIES;
    const abilities = options.abilities ? options.abilities.split(',').map((a) => a.trim()).filter(Boolean) : [...available];
    const unknown = abilities.filter((a) => !available.includes(a));
    if (unknown.length > 0) return fail(out, `unknown abilities for this key kind: ${unknown.join(', ')}`);
    const { secret } = createApiKey(core.store.db, {
      accountId: account.id,
      organizationId: organization?.id ?? null,
      name: options.name!,
      mode: options.mode as 'test' | 'live',
      abilities,
      expiresAt: options.expires ? new Date(options.expires).toISOString() : null,
    }, now);
    out.write(secret);
    return 0;
  });
}

export function accountSet(what: 'plan' | 'status', value: string | undefined, dataDir: string | undefined, out: Output): number {
  if (what === 'plan' && (value === undefined || !findPlan(value))) {
    return fail(out, `plan must be one of: ${priceList().plans.map((p) => p.code).join(', ')}`);
  }
  if (what === 'status' && !(ACCOUNT_STATUSES as readonly (string | undefined)[]).includes(value)) {
    return fail(out, `status must be one of: ${ACCOUNT_STATUSES.join(', ')}`);
  }
  return withCore(dataDir, (core) => {
    const now = core.clock.now();
    const account = localAccount(core.store.db, now);
    const updated = updateAccount(core.store.db, account.id, what === 'plan' ? { plan: value! } : { status: value! }, now)!;
    out.write(`account ${updated.id}: plan ${updated.plan}, status ${updated.status}`);
    return 0;
  });
}

function fail(out: Output, message: string): number {
  out.error(message);
  return 2;
}
