/**
 * GET/PUT /settings/till (docs/tills.md, "Till settings"): the defaults until saved; each member changed
 * alone keeping the others; every problem answered at once by field (a scale format the label reader could
 * not use, a prefix twice, a weight with more than 3 decimals, the lock minutes, the discount percent), in
 * Spanish when asked; the abilities; a test key once the shop issues in production.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationSeeder, seedOrganization, startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t.close());

const seed = organizationSeeder(() => t, 3101920000);
const ES = { 'accept-language': 'es-CR' };
const EN = { 'accept-language': 'en' };
const WEIGHT = { prefix: '21', item_digits: 5, value: 'weight', decimals: 3 };
const PRICE = { prefix: '22', item_digits: 4, value: 'price', decimals: 2 };

describe('the till settings', () => {
  it('answer the defaults, then each member saved alone keeps the others', async () => {
    const { key } = seed();
    expect((await t.call('GET', '/settings/till', { key })).body.data).toEqual({ lock_after_minutes: 5, discount_limit_percent: '10', scale_formats: [] });

    const formats = await t.call('PUT', '/settings/till', { key, headers: ES, body: { scale_formats: [WEIGHT, PRICE] } });
    expect(formats.status, formats.text).toBe(200);
    expect(formats.body.message).toBe('Ajustes de la caja guardados.');
    expect(formats.body.data).toEqual({ lock_after_minutes: 5, discount_limit_percent: '10', scale_formats: [WEIGHT, PRICE] });

    const limits = await t.call('PUT', '/settings/till', { key, body: { lock_after_minutes: 0, discount_limit_percent: '12.50' } });
    expect(limits.body.data).toEqual({ lock_after_minutes: 0, discount_limit_percent: '12.5', scale_formats: [WEIGHT, PRICE] });
    expect((await t.call('PUT', '/settings/till', { key, body: { discount_limit_percent: 100, lock_after_minutes: 240 } })).body.data)
      .toMatchObject({ lock_after_minutes: 240, discount_limit_percent: '100' });

    expect((await t.call('PUT', '/settings/till', { key, body: { scale_formats: [] } })).body.data.scale_formats).toEqual([]);
    expect((await t.call('GET', '/settings/till', { key })).body.data).toEqual({ lock_after_minutes: 240, discount_limit_percent: '100', scale_formats: [] });
  });

  it('names every problem at once, by field, in Spanish when asked, and saves nothing', async () => {
    const { key } = seed();
    const body = {
      lock_after_minutes: 241,
      discount_limit_percent: '100.01',
      scale_formats: [
        WEIGHT,
        { ...PRICE, prefix: '19' },
        { ...PRICE, prefix: '23', item_digits: 10 },
        { ...PRICE, prefix: '24', item_digits: 6, decimals: 5 },
        { ...WEIGHT, prefix: '25', decimals: 4 },
        { ...PRICE, prefix: '21' },
      ],
    };
    const res = await t.call('PUT', '/settings/till', { key, headers: ES, body });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.errors).toEqual({
      lock_after_minutes: ['Debe ser de 0 a 240 minutos (0: nunca).'],
      discount_limit_percent: ['Debe ser un porcentaje de 0 a 100, con hasta 2 decimales.'],
      'scale_formats.1.prefix': ['El prefijo debe ser de 20 a 29.'],
      'scale_formats.2.item_digits': ['Los dígitos del artículo deben ser de 1 a 9.'],
      'scale_formats.3.decimals': ['Los decimales deben ser de 0 a 4.'],
      'scale_formats.4.decimals': ['Un peso lleva como máximo 3 decimales (gramos).'],
      'scale_formats.5.prefix': ['El prefijo 21 ya tiene un formato.'],
    });
    const en = await t.call('PUT', '/settings/till', { key, headers: EN, body: { lock_after_minutes: -1, discount_limit_percent: 'diez' } });
    expect(en.body.error.errors).toEqual({ lock_after_minutes: ['Must be 0 to 240 minutes (0: never).'], discount_limit_percent: ['Must be a percentage from 0 to 100, with up to 2 decimals.'] });
    expect((await t.call('GET', '/settings/till', { key })).body.data).toEqual({ lock_after_minutes: 5, discount_limit_percent: '10', scale_formats: [] });
  });

  it('refuses shapes the schema does not know without a 5xx', async () => {
    const { key } = seed();
    for (const body of [{ scale_formats: [{ ...WEIGHT, value: 'volume' }] }, { scale_formats: 'x' }, { colour: 'red' }, { lock_after_minutes: 1.5 }, { scale_formats: [{ prefix: '21' }] }]) {
      const res = await t.call('PUT', '/settings/till', { key, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
  });

  it('needs settings:read to read and settings:manage to change', async () => {
    const reader = seed({ abilities: ['settings:read'] });
    expect((await t.call('GET', '/settings/till', { key: reader.key })).status).toBe(200);
    expect((await t.call('PUT', '/settings/till', { key: reader.key, body: { lock_after_minutes: 1 } })).status).toBe(403);
    const none = seed({ abilities: ['products:read'] });
    expect((await t.call('GET', '/settings/till', { key: none.key })).status).toBe(403);
  });

  it('is one setting of the shop for both environments: a test key may not change it once the shop issues in production', async () => {
    const org = seedOrganization(t, { identificationNumber: '3101929999', defaultEnvironment: 'production' });
    const res = await t.call('PUT', '/settings/till', { key: org.key, body: { lock_after_minutes: 1 } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('live_key_required');
  });
});
