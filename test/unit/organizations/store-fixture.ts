/**
 * A real store in a temporary folder for the use-case tests, with the local account, an organization of
 * it, a settable clock and a vault: the explicit dependencies use cases take (`{ store, clock, vault }`).
 * Call at the top level of a test file (it registers the cleanup).
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { openStore, type Store } from '../../../src/store/database.ts';
import { localAccount, updateAccount, type AccountRow } from '../../../src/store/accounts.ts';
import { insertOrganization, type OrganizationRow } from '../../../src/store/organizations.ts';
import { Vault } from '../../../src/secrets/vault.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';

export class SettableClock {
  constructor(public at = new Date('2026-11-25T18:00:00Z')) {}
  now(): Date {
    return new Date(this.at);
  }
}

export interface UseCaseFixture {
  store: Store;
  clock: SettableClock;
  vault: Vault;
  account(): AccountRow;
  /** The account on a plan (e.g. `business`: production and the archive), status active. */
  onPlan(plan: string): AccountRow;
  organization(identification?: string): OrganizationRow;
}

export function useCaseFixture(): UseCaseFixture {
  const dir = tempDirs()('facturador-use-cases-');
  const store = openStore(join(dir, 'facturador.db'));
  afterAll(() => store.close());
  const clock = new SettableClock();
  const account = () => localAccount(store.db, clock.now());
  let next = 101_000_000;
  return {
    store,
    clock,
    vault: new Vault(Buffer.alloc(32, 7)),
    account,
    onPlan: (plan) => updateAccount(store.db, account().id, { plan, status: 'active' }, clock.now())!,
    organization: (identification = `3${next++}`) => {
      const at = clock.now().toISOString();
      return insertOrganization(store.db, {
        uuid: randomUUID(), accountId: account().id, name: 'Tienda', identificationType: '02',
        identificationNumber: identification, email: 'tienda@example.cr', createdAt: at, updatedAt: at,
      });
    },
  };
}

/** The AppError a use case refuses with (anything else it throws fails the test; so does no refusal). */
export function refusalOf(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('did not throw');
}
