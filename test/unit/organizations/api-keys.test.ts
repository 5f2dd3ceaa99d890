/**
 * Creating and revoking API keys on a real store: the organization must be the account's, the abilities
 * fit the key's kind (each misfit named), the expiry lies ahead, a live key needs a plan with production;
 * a refused key is never written. Revoking is idempotent and answers the key as revoked.
 */
import { describe, expect, it } from 'vitest';
import { createKey } from '../../../src/organizations/create-api-key.ts';
import { revokeKey } from '../../../src/organizations/revoke-api-key.ts';
import { listApiKeyViews } from '../../../src/store/api-keys.ts';
import { refusalOf, useCaseFixture } from './store-fixture.ts';

const fx = useCaseFixture();
const CATALOGUE = { organization: ['invoices:read', 'invoices:write'], account: ['account:manage'] };

const keyCount = () => listApiKeyViews(fx.store.db, fx.account().id).length;

describe('createKey', () => {
  it('gives an organization key every organization ability by default, and returns its secret once', () => {
    const organization = fx.organization();
    const { view, secret } = createKey(fx, fx.account(), CATALOGUE, { name: 'Caja', mode: 'test', organizationUuid: organization.uuid });
    expect(view).toMatchObject({ name: 'Caja', mode: 'test', organizationId: organization.id, organizationUuid: organization.uuid, abilities: CATALOGUE.organization, expiresAt: null });
    expect(secret.startsWith(view.prefix)).toBe(true);
    expect(listApiKeyViews(fx.store.db, fx.account().id, view.id)[0]).toMatchObject({ id: view.id, organizationUuid: organization.uuid });
  });

  it('names each ability that does not fit the kind, and writes nothing', () => {
    const before = keyCount();
    const error = refusalOf(() => createKey(fx, fx.account(), CATALOGUE, { name: 'x', mode: 'test', abilities: ['account:manage', 'invoices:read', 'nope'] }));
    expect(error.options.fieldErrors).toEqual({
      'abilities.1': ['invoices:read is an organization ability; an account key carries only account:manage.'],
      'abilities.2': ['Unknown ability nope.'],
    });
    expect(keyCount()).toBe(before);
  });

  it("refuses another account's or an unknown organization, and an expiry in the past", () => {
    expect(refusalOf(() => createKey(fx, fx.account(), CATALOGUE, { name: 'x', mode: 'test', organizationUuid: crypto.randomUUID() })).options.fieldErrors)
      .toHaveProperty('organization_id');
    const past = new Date(fx.clock.now().getTime() - 1000).toISOString();
    expect(refusalOf(() => createKey(fx, fx.account(), CATALOGUE, { name: 'x', mode: 'test', expiresAt: past })).options.fieldErrors)
      .toEqual({ expires_at: ['Must be a date-time in the future.'] });
    const future = createKey(fx, fx.account(), CATALOGUE, { name: 'x', mode: 'test', expiresAt: '2030-01-01T00:00:00-06:00' });
    expect(future.view.expiresAt).toBe('2030-01-01T06:00:00.000Z');
  });

  it('creates a live key only for an account whose plan allows production', () => {
    const before = keyCount();
    expect(refusalOf(() => createKey(fx, fx.account(), CATALOGUE, { name: 'live', mode: 'live' }))).toMatchObject({ code: 'plan_required', status: 402 });
    expect(keyCount()).toBe(before);
    const { view } = createKey(fx, fx.onPlan('business'), CATALOGUE, { name: 'live', mode: 'live', abilities: ['account:manage', 'account:manage'] });
    expect(view).toMatchObject({ mode: 'live', abilities: ['account:manage'] });
  });
});

describe('revokeKey', () => {
  it('revokes once, keeps the first revocation time, and does not see other accounts\' keys', () => {
    const { view } = createKey(fx, fx.account(), CATALOGUE, { name: 'old', mode: 'test' });
    expect(revokeKey(fx, { id: 'another-account' }, view.id)).toBeUndefined();
    expect(listApiKeyViews(fx.store.db, fx.account().id, view.id)[0]!.revokedAt).toBeNull();
    const revoked = revokeKey(fx, fx.account(), view.id)!;
    expect(revoked.revokedAt).toBe(fx.clock.now().toISOString());
    fx.clock.at = new Date(fx.clock.at.getTime() + 60_000);
    expect(revokeKey(fx, fx.account(), view.id)!.revokedAt).toBe(revoked.revokedAt);
    expect(revokeKey(fx, fx.account(), 'no-such-key')).toBeUndefined();
  });
});
