/**
 * Baseline for the signing benchmark: how many raw RSA signatures (crypto.sign, SHA-256, PKCS#1 v1.5)
 * this process makes per second of its own CPU time with the given key. Signing figures are reported as
 * a ratio to this, so they do not depend on the machine.
 */
import { sign, type KeyObject } from 'node:crypto';

const MESSAGE = Buffer.from('raw RSA baseline: a small fixed message of about SignedInfo size'.repeat(16), 'utf8');

function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

export function rawRsaSignaturesPerSecond(key: KeyObject, seconds: number): number {
  const start = cpuSeconds();
  let count = 0;
  let used = 0;
  do {
    sign('sha256', MESSAGE, key);
    count++;
    used = cpuSeconds() - start;
  } while (used < seconds);
  return count / used;
}
