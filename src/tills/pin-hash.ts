/**
 * Cashiers' PINs (docs/tills.md, "PINs"): a slow salted hash, `scrypt$N$r$p$<salt b64>$<hash b64>`, made and
 * checked with the async `crypto.scrypt` so that the thread pool, not the event loop, pays for it. A PIN has
 * only 10^4..10^6 values: the cost and the lock after five wrong tries (cashiers.ts) are what protect it.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** What a stored hash may ask for: a damaged or hostile row must not make one check take minutes or gigabytes. */
const MAX_N = 1 << 20;

function derive(pin: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(pin, salt, keyLength, { ...options, maxmem: 256 * options.N! * options.r! + 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(pin, salt, KEY_BYTES, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Whether `pin` is the one `stored` was made from; false for a malformed hash (never throws on its content). */
export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![n, r, p].every(Number.isSafeInteger) || n < 2 || n > MAX_N || (n & (n - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  if (salt.length === 0 || expected.length < 16 || expected.length > 64) return false;
  const actual = await derive(pin, salt, expected.length, { N: n, r, p });
  return timingSafeEqual(actual, expected);
}
