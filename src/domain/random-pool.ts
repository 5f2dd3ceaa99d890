/**
 * Cryptographic random bytes drawn from a pool refilled 4 KiB at a time: one system call per few hundred
 * security codes or signature ids instead of one each, which matters on the issuing hot path. The bytes
 * come from the same CSPRNG as `crypto.randomBytes`; each byte is handed out once.
 */
import { randomFillSync } from 'node:crypto';

const pool = Buffer.alloc(4096);
let offset = pool.length;

export function pooledRandomBytes(size: number): Uint8Array {
  if (size > pool.length) return randomFillSync(Buffer.alloc(size));
  if (offset + size > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  // A copy, so that a caller keeping the bytes never sees them overwritten by the next refill.
  const bytes = Buffer.from(pool.subarray(offset, offset + size));
  offset += size;
  return bytes;
}
