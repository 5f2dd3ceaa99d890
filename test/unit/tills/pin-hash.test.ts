/** Cashiers' PINs (docs/tills.md, "PINs"): salted scrypt, the stored form, and checks that never throw on a bad row. */
import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPin, verifyPin } from '../../../src/tills/pin-hash.ts';

describe('PIN hashes', () => {
  it('are scrypt N=2^14, r=8, p=1 with a 16-byte salt and a 32-byte key, and hold no PIN', async () => {
    const stored = await hashPin('4821');
    const [name, n, r, p, salt, key] = stored.split('$');
    expect([name, n, r, p]).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64')).toHaveLength(32);
    expect(stored).not.toContain('4821');
    // The key is scrypt's own, so any scrypt implementation can check it.
    expect(scryptSync('4821', Buffer.from(salt!, 'base64'), 32, { N: 16384, r: 8, p: 1 }).toString('base64')).toBe(key);
  });

  it('are salted: the same PIN twice gives two hashes, each verifying', async () => {
    const [a, b] = await Promise.all([hashPin('123456'), hashPin('123456')]);
    expect(a).not.toBe(b);
    expect(await verifyPin('123456', a)).toBe(true);
    expect(await verifyPin('123456', b)).toBe(true);
  });

  it('refuse another PIN, a prefix or an extension of it', async () => {
    const stored = await hashPin('1234');
    for (const wrong of ['1235', '123', '12345', '', '4321']) expect(await verifyPin(wrong, stored)).toBe(false);
  });

  it('refuse damaged or hostile rows without throwing or running away', async () => {
    const good = await hashPin('1234');
    const parts = good.split('$');
    const bad = [
      '', 'plain', 'bcrypt$1$2$3$4$5', parts.slice(0, 5).join('$'),
      ['scrypt', '1073741824', ...parts.slice(2)].join('$'), // N = 2^30: gigabytes
      ['scrypt', '1000', ...parts.slice(2)].join('$'), // not a power of two
      ['scrypt', parts[1], '999', ...parts.slice(3)].join('$'),
      [...parts.slice(0, 5), ''].join('$'),
      [...parts.slice(0, 5), Buffer.alloc(32).toString('base64')].join('$'),
    ];
    for (const stored of bad) expect(await verifyPin('1234', stored), stored).toBe(false);
  });

  it('are made off the event loop: timers keep firing while several are hashed', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await Promise.all(Array.from({ length: 8 }, (_, i) => hashPin(String(1000 + i))));
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });
});
