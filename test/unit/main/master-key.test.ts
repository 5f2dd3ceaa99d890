/**
 * The desktop vault key with a FAKE safeStorage: the real one exists only inside Electron, which these
 * tests cannot start. The fake encrypts for real (AES-256-GCM under a key of its own), so a test can
 * tell that nothing is written in clear; what it cannot prove is Electron's own behaviour.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { desktopMasterKey, electronSafeStorage, SAFE_KEY_FILE, type LegacyKeySources, type SafeStorageLike } from '../../../main/master-key.ts';
import { fileMasterKey, KEY_FILE, MasterKeyError } from '../../../src/secrets/master-key.ts';
import { DATABASE_FILE } from '../../../src/store/database.ts';
import { tempDir } from './server-fixture.ts';

function fakeSafeStorage(available = true): SafeStorageLike & { calls: number } {
  const secret = randomBytes(32);
  const fake = {
    calls: 0,
    isAvailable: async () => available,
    encrypt: async (plain: string) => {
      fake.calls++;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', secret, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decrypt: async (sealed: Buffer) => {
      const decipher = createDecipheriv('aes-256-gcm', secret, sealed.subarray(0, 12));
      decipher.setAuthTag(sealed.subarray(12, 28));
      return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
  return fake;
}

const none: LegacyKeySources = { keyFile: () => undefined, keyring: () => undefined, env: () => undefined };

describe('main/master-key: the vault key under safeStorage', () => {
  let data: ReturnType<typeof tempDir>;
  beforeEach(() => {
    data = tempDir();
  });
  afterEach(() => data.remove());

  it('creates a key for a new data directory and never writes it in clear', async () => {
    const safe = fakeSafeStorage();
    const first = await desktopMasterKey({ dataDir: data.dir, safeStorage: safe, legacy: none });
    expect(first?.origin).toBe('new');
    expect(first!.key).toHaveLength(32);
    const sealed = readFileSync(join(data.dir, SAFE_KEY_FILE));
    expect(sealed.toString('latin1')).not.toContain(first!.key.toString('hex'));
    expect(existsSync(join(data.dir, `${SAFE_KEY_FILE}.tmp`))).toBe(false);
    // The next launch reads the same key back without consulting the old providers.
    const throwing: LegacyKeySources = { keyFile: () => { throw new Error('not asked'); }, keyring: () => { throw new Error('not asked'); }, env: () => { throw new Error('not asked'); } };
    const second = await desktopMasterKey({ dataDir: data.dir, safeStorage: safe, legacy: throwing });
    expect(second).toEqual({ key: first!.key, origin: 'safeStorage' });
  });

  it('migrates the key a headless run kept in the OS keyring, keeping the keyring copy', async () => {
    const headless = randomBytes(32);
    writeFileSync(join(data.dir, DATABASE_FILE), ''); // the data directory was used
    let keyringReads = 0;
    const keyring: LegacyKeySources = { ...none, keyring: () => (keyringReads++, headless) };
    const logs: string[] = [];
    const result = await desktopMasterKey({ dataDir: data.dir, safeStorage: fakeSafeStorage(), legacy: keyring, log: (m) => logs.push(m) });
    expect(result).toEqual({ key: headless, origin: 'keyring' });
    expect(keyringReads).toBe(1);
    expect(logs.join()).toMatch(/from keyring/);
  });

  it('migrates the key file of a headless run (the real file provider), which keeps working headless', async () => {
    const headless = fileMasterKey(data.dir);
    const result = await desktopMasterKey({ dataDir: data.dir, safeStorage: fakeSafeStorage(), legacy: { ...none, keyFile: (dir) => (existsSync(join(dir, KEY_FILE)) ? fileMasterKey(dir) : undefined) } });
    expect(result).toEqual({ key: headless, origin: 'keyFile' });
    expect(fileMasterKey(data.dir)).toEqual(headless);
  });

  it('prefers the key file over the keyring, like the headless providers', async () => {
    const fromFile = randomBytes(32);
    const result = await desktopMasterKey({ dataDir: data.dir, safeStorage: fakeSafeStorage(), legacy: { keyFile: () => fromFile, keyring: () => randomBytes(32), env: () => undefined } });
    expect(result?.key).toEqual(fromFile);
  });

  it('refuses to invent a key for a used data directory whose key cannot be found', async () => {
    writeFileSync(join(data.dir, DATABASE_FILE), '');
    await expect(desktopMasterKey({ dataDir: data.dir, safeStorage: fakeSafeStorage(), legacy: none })).rejects.toBeInstanceOf(MasterKeyError);
    expect(existsSync(join(data.dir, SAFE_KEY_FILE))).toBe(false);
  });

  it('steps aside when safeStorage cannot protect anything', async () => {
    expect(await desktopMasterKey({ dataDir: data.dir, safeStorage: fakeSafeStorage(false), legacy: none })).toBeUndefined();
    expect(existsSync(join(data.dir, SAFE_KEY_FILE))).toBe(false);
  });

  it('does not let the core invent a key when the wrapped one cannot be opened today', async () => {
    const first = await desktopMasterKey({ dataDir: data.dir, safeStorage: fakeSafeStorage(), legacy: none });
    await expect(desktopMasterKey({ dataDir: data.dir, safeStorage: fakeSafeStorage(false), legacy: none })).rejects.toBeInstanceOf(MasterKeyError);
    // A headless copy of the same key, when there is one, keeps the app working.
    const kept = await desktopMasterKey({ dataDir: data.dir, safeStorage: fakeSafeStorage(false), legacy: { ...none, keyring: () => first!.key } });
    expect(kept).toEqual({ key: first!.key, origin: 'keyring' });
  });

  it('adapts Electron safeStorage: async API when present, basic_text on Linux counts as unavailable', async () => {
    const sync = { isEncryptionAvailable: () => true, encryptString: (s: string) => Buffer.from(`s:${s}`), decryptString: (b: Buffer) => b.toString().slice(2) };
    const plain = electronSafeStorage({ ...sync, getSelectedStorageBackend: () => 'basic_text' }, 'linux');
    expect(await plain.isAvailable()).toBe(false);
    expect(await electronSafeStorage({ ...sync, getSelectedStorageBackend: () => 'gnome_libsecret' }, 'linux').isAvailable()).toBe(true);
    const asyncApi = electronSafeStorage({
      ...sync,
      isAsyncEncryptionAvailable: async () => true,
      encryptStringAsync: async (s: string) => Buffer.from(`a:${s}`),
      decryptStringAsync: async (b: Buffer) => ({ result: b.toString().slice(2), shouldReEncrypt: false }),
    }, 'darwin');
    expect((await asyncApi.encrypt('x')).toString()).toBe('a:x');
    expect(await asyncApi.decrypt(Buffer.from('a:x'))).toBe('x');
  });
});
