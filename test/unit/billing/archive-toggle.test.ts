/** The fiscal archive toggle on a real store: on only with a plan that includes it; off always. */
import { describe, expect, it } from 'vitest';
import { setFiscalArchive } from '../../../src/billing/archive-toggle.ts';
import { useCaseFixture } from '../organizations/store-fixture.ts';

const fx = useCaseFixture();

describe('setFiscalArchive', () => {
  it('refuses to turn the archive on without a plan that includes it, and leaves it off', () => {
    expect(() => setFiscalArchive(fx, fx.onPlan('starter'), true)).toThrow(expect.objectContaining({ code: 'plan_required', status: 402 }));
    expect(fx.account().archiveEnabled).toBe(false);
  });

  it('turns it on with such a plan, and off again whatever the plan', () => {
    expect(setFiscalArchive(fx, fx.onPlan('business'), true)).toMatchObject({ archiveEnabled: true, updatedAt: fx.clock.now().toISOString() });
    expect(fx.account().archiveEnabled).toBe(true);
    expect(setFiscalArchive(fx, fx.onPlan('sandbox'), false).archiveEnabled).toBe(false);
  });
});
