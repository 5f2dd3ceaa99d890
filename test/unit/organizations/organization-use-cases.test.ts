/**
 * The organization use cases on a real store: PATCH through the account refuses a changed identification
 * by name (an unchanged one, dashes and all, is fine); the profile refuses production as default for an
 * account without it and an address documents would refuse, writing nothing; delete is soft and the
 * organization's rows stay.
 */
import { describe, expect, it } from 'vitest';
import { shippedDistrictCodes } from '../../../src/catalogs/district-codes.ts';
import { deleteOrganization } from '../../../src/organizations/delete-organization.ts';
import { patchOrganization } from '../../../src/organizations/patch-organization.ts';
import { updateProfile } from '../../../src/organizations/update-profile.ts';
import { getOrganization } from '../../../src/store/organizations.ts';
import { refusalOf, useCaseFixture } from './store-fixture.ts';

const fx = useCaseFixture();
// The shipped location table, read as the reference catalog reads it: by full code.
const districts = shippedDistrictCodes();
const locations = { unit: (code: string) => districts.hasDistrict(code.slice(0, 1), code.slice(1, 3), code.slice(3)) || undefined };
const deps = { ...fx, catalogs: { locations } };

describe('patchOrganization', () => {
  it('changes the other fields, and accepts the identification sent unchanged', () => {
    const row = fx.organization('3101123456');
    const updated = patchOrganization(fx, row, { identification_type: '02', identification_number: '3-101-123456' }, { name: 'Tienda Nueva', phone: null });
    expect(updated).toMatchObject({ name: 'Tienda Nueva', identificationNumber: '3101123456' });
  });

  it('names each identification member that would change, and changes nothing', () => {
    const row = fx.organization('3101654321');
    const error = refusalOf(() => patchOrganization(fx, row, { identification_type: '01', identification_number: 42 }, { name: 'Otra' }));
    expect(Object.keys(error.options.fieldErrors ?? {})).toEqual(['identification_type', 'identification_number']);
    expect(getOrganization(fx.store.db, row.id)?.name).toBe('Tienda');
  });
});

describe('updateProfile', () => {
  const address = { province: '1', canton: '01', district: '01', neighborhood: '  Barrio Amón ', details: '  100 m norte del parque  ' };

  it('stores a known address trimmed', () => {
    const row = fx.organization();
    const updated = updateProfile(deps, row, fx.account(), { address });
    expect(updated.address).toEqual({ province: '1', canton: '01', district: '01', neighborhood: 'Barrio Amón', details: '100 m norte del parque' });
  });

  it('names every problem of an address documents would refuse, and writes nothing', () => {
    const row = fx.organization();
    const error = refusalOf(() => updateProfile(deps, row, fx.account(), { name: 'Cambiada', address: { province: '1', canton: '01', district: '99', neighborhood: 'Amón', details: 'x' } }));
    expect(Object.keys(error.options.fieldErrors ?? {}).sort()).toEqual(['address.details', 'address.district', 'address.neighborhood']);
    expect(getOrganization(fx.store.db, row.id)).toMatchObject({ name: 'Tienda', address: null });
  });

  it('makes production the default only for an account that may use it', () => {
    const row = fx.organization();
    expect(refusalOf(() => updateProfile(deps, row, fx.account(), { defaultEnvironment: 'production' }))).toMatchObject({ code: 'plan_required', status: 402 });
    expect(getOrganization(fx.store.db, row.id)?.defaultEnvironment).toBe('staging');
    expect(updateProfile(deps, row, fx.onPlan('starter'), { defaultEnvironment: 'production' }).defaultEnvironment).toBe('production');
  });
});

describe('deleteOrganization', () => {
  it('marks the organization deleted at the clock\'s time', () => {
    const row = fx.organization();
    deleteOrganization(fx, row);
    expect(getOrganization(fx.store.db, row.id)?.deletedAt ?? null).toBe(fx.clock.now().toISOString());
  });
});
