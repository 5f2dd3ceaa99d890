/**
 * `facturador pair --url URL --code CODE [--name NAME] [--organization UUID] [--data-dir DIR]`: links this
 * till to a head office with the one-time code the head office showed (docs/replication.md, "La caja"), as
 * the Settings screen's "Casa matriz" panel does. Honours DATABASE_URL like every command; the running
 * server (if any) starts replicating within its next outbox poll.
 */
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { createCore } from '../core.ts';
import { AppError } from '../domain/errors.ts';
import { localAccount } from '../store/accounts.ts';
import { getOrganizationByUuid, listOrganizations } from '../store/organizations.ts';
import { pairWithHeadOffice } from '../replication/till/link.ts';
import type { Output } from './output.ts';

export interface PairOptions {
  url?: string;
  code?: string;
  name?: string;
  organization?: string;
  dataDir?: string;
}

export async function pairCommand(options: PairOptions, out: Output): Promise<number> {
  if (!options.url || !options.code) {
    out.error('pair needs --url (the head office address) and --code (the code it showed)');
    return 2;
  }
  const config = loadConfig({ dataDir: options.dataDir });
  // Logs go to stderr: stdout carries only the result.
  const core = createCore(config, { logger: pino({ level: config.logLevel }, pino.destination({ dest: 2, sync: true })) });
  try {
    const account = localAccount(core.store.db, core.clock.now());
    const organizations = listOrganizations(core.store.db, account.id);
    const organization = options.organization ? getOrganizationByUuid(core.store.db, account.id, options.organization) : organizations.length === 1 ? organizations[0] : undefined;
    if (!organization) {
      out.error(options.organization ? `no organization ${options.organization}` : `--organization UUID is needed: this data has ${organizations.length} organizations`);
      return 2;
    }
    const link = await pairWithHeadOffice(core, organization, { url: options.url, code: options.code, name: options.name });
    out.write(`paired with ${link.headOfficeName} at ${link.url} (till ${link.tillId}); documents, products and customers replicate while the server runs`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      out.error(`facturador: ${error.code}: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await core.close(); // nothing was started: this only closes the database
  }
}
