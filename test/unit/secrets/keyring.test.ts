/**
 * The OS keyring provider for real: @napi-rs/keyring against a Secret Service (gnome-keyring under
 * dbus-run-session in CI: test/keyring/run-with-keyring.sh). Without a reachable Secret Service the
 * tests are skipped with the reason printed, unless FACTURADOR_REQUIRE_KEYRING=1 (set by that script),
 * which turns the skip into a failure so that CI cannot silently stop testing the keyring.
 */
import { createRequire } from 'node:module';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { KEY_FILE, KEYRING_ENTRY_OPTIONS, KEYRING_SERVICE, resolveMasterKey } from '../../../src/secrets/master-key.ts';
import { Vault } from '../../../src/secrets/vault.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';

const temp = tempDirs();

interface Entry {
  getPassword(): string | null;
  setPassword(password: string): void;
  deletePassword(): boolean;
}
const { Entry } = createRequire(import.meta.url)('@napi-rs/keyring') as { Entry: new (service: string, account: string, options?: object) => Entry };

/** A set/get/delete on a throwaway entry: the only reliable way to know a Secret Service answers. */
function probeSecretService(): string | undefined {
  try {
    const entry = new Entry('facturador-test-probe', randomUUID(), KEYRING_ENTRY_OPTIONS);
    entry.setPassword('probe');
    const readBack = entry.getPassword();
    entry.deletePassword();
    return readBack === 'probe' ? undefined : 'the Secret Service accepted a secret but did not return it';
  } catch (error) {
    return (error as Error).message;
  }
}

const unavailable = probeSecretService();
if (unavailable !== undefined) {
  const reason = `no Secret Service reachable (${unavailable}); run test/keyring/run-with-keyring.sh to test the OS keyring`;
  if (process.env['FACTURADOR_REQUIRE_KEYRING'] === '1') throw new Error(`FACTURADOR_REQUIRE_KEYRING=1 but ${reason}`);
  console.warn(`keyring tests skipped: ${reason}`);
}

const used: string[] = [];
function dataDir(): string {
  const dir = temp('facturador-keyring-');
  used.push(dir);
  return dir;
}
const stored = (dir: string) => new Entry(KEYRING_SERVICE, dir, KEYRING_ENTRY_OPTIONS).getPassword();

describe.skipIf(unavailable !== undefined)('the OS keyring (Secret Service)', () => {
  afterAll(() => {
    for (const dir of used) new Entry(KEYRING_SERVICE, dir, KEYRING_ENTRY_OPTIONS).deletePassword();
  });

  it('creates the master key in the keyring, one entry per data directory, and writes no key file', () => {
    const dir = dataDir();
    const resolved = resolveMasterKey({ dataDir: dir, env: {} });
    expect(resolved.source).toBe('keyring');
    expect(resolved.key.length).toBe(32);
    expect(stored(dir)).toBe(resolved.key.toString('hex'));
    expect(existsSync(join(dir, KEY_FILE))).toBe(false);
    const other = resolveMasterKey({ dataDir: dataDir(), env: {} });
    expect(other.key.equals(resolved.key)).toBe(false);
  });

  it('returns the same key on the next start, so sealed secrets stay readable', () => {
    const dir = dataDir();
    const sealed = new Vault(resolveMasterKey({ dataDir: dir, env: {} }).key).encrypt('1234', 'org:1:staging:pin');
    const again = resolveMasterKey({ dataDir: dir, env: {} });
    expect(again.source).toBe('keyring');
    expect(new Vault(again.key).decrypt(sealed, 'org:1:staging:pin').toString()).toBe('1234');
  });

  it('keeps using an existing key file, so data sealed before the keyring appeared stays readable', () => {
    const dir = dataDir();
    const key = randomBytes(32);
    writeFileSync(join(dir, KEY_FILE), key.toString('hex'), { mode: 0o600 });
    const resolved = resolveMasterKey({ dataDir: dir, env: {} });
    expect(resolved).toMatchObject({ source: 'file' });
    expect(resolved.key.equals(key)).toBe(true);
    expect(stored(dir)).toBeNull();
  });

  it('is bypassed with FACTURADOR_KEYRING=off', () => {
    const dir = dataDir();
    const key = randomBytes(32);
    expect(resolveMasterKey({ dataDir: dir, env: { FACTURADOR_KEYRING: 'off', FACTURADOR_MASTER_KEY: key.toString('hex') } }).source).toBe('env');
    expect(resolveMasterKey({ dataDir: dir, env: {}, useKeyring: false }).source).toBe('file');
    expect(stored(dir)).toBeNull();
  });
});
