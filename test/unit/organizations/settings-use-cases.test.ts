/**
 * The settings use cases on a real store: a counter moves forward only (a lower number is refused naming
 * where it stands, and left there), and a branding change touches only the members sent, blank clearing
 * one, a damaged logo refused before anything is written.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/domain/errors.ts';
import { changeBranding } from '../../../src/organizations/change-branding.ts';
import { moveCounterForward } from '../../../src/organizations/move-counter.ts';
import { getBranding } from '../../../src/store/brandings.ts';
import { listCounters } from '../../../src/store/counters.ts';
import { useCaseFixture } from './store-fixture.ts';

const fx = useCaseFixture();

describe('moveCounterForward', () => {
  it('pads branch and terminal, and moves only forward', () => {
    const organizationId = fx.organization().id;
    const move = { organizationId, environment: 'staging', branch: '2', terminal: '7', documentType: '01' };
    expect(moveCounterForward(fx, { ...move, nextValue: 500 })).toMatchObject({ branch: '002', terminal: '00007', nextValue: 500 });
    expect(moveCounterForward(fx, { ...move, nextValue: 501 }).nextValue).toBe(501);
    let refused: unknown;
    try {
      moveCounterForward(fx, { ...move, nextValue: 10 });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'counter_backwards', status: 422, message: expect.stringContaining('already at 501') });
    expect(listCounters(fx.store.db, organizationId, 'staging').map((c) => c.nextValue)).toEqual([501]);
    expect(listCounters(fx.store.db, organizationId, 'production')).toEqual([]);
  });
});

describe('changeBranding', () => {
  it('changes only the members sent; blank text clears', async () => {
    const organizationId = fx.organization().id;
    await changeBranding(fx, organizationId, { color: '#112233', footer: '  Gracias  ', emailSenderName: 'Tienda' });
    const row = await changeBranding(fx, organizationId, { footer: ' ', emailReplyTo: 'caja@example.cr' });
    expect(row).toMatchObject({ color: '#112233', footer: null, emailSenderName: 'Tienda', emailReplyTo: 'caja@example.cr', logo: null });
    expect(getBranding(fx.store.db, organizationId)).toEqual(row);
  });

  it('refuses a logo that is no image, keeping the branding as it was', async () => {
    const organizationId = fx.organization().id;
    await changeBranding(fx, organizationId, { color: '#445566' });
    const refused = await changeBranding(fx, organizationId, { color: '#000000', logo: Buffer.from('not an image').toString('base64') }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'invalid_logo', status: 422 });
    expect(getBranding(fx.store.db, organizationId)?.color).toBe('#445566');
  });
});
