/**
 * The vault's master key in the desktop app, protected by Electron's safeStorage (the OS's own secret
 * store: Keychain, DPAPI, Secret Service / KWallet) and kept encrypted in the data directory as
 * `vault.key.safe`. The core gets it as `CoreOptions.masterKey`.
 *
 * Migration: a data directory first used headless (`npm start`) already has a key — in a key file, the OS
 * keyring (@napi-rs/keyring) or FACTURADOR_MASTER_KEY — and the vault's secrets are encrypted under it.
 * That key is read (never replaced), wrapped with safeStorage and written; the old copy is left where it
 * was so that `npm start` on the same data directory keeps working. Only a data directory without a
 * database gets a fresh key; one with a database whose key cannot be found is refused, because a new key
 * would make the stored certificate and passwords unreadable.
 *
 * When safeStorage cannot protect anything (no secret store; Linux's 'basic_text' fallback, whose
 * password is hard-coded) this returns undefined and the core's own providers apply unchanged.
 *
 * Written against `SafeStorageLike` so that Node tests can drive it with a fake: the real safeStorage
 * exists only inside Electron.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { DATABASE_FILE, KEY_FILE, KEYRING_ENTRY_OPTIONS, KEYRING_SERVICE, MasterKeyError, parseMasterKey } from '../src/index.ts';
import type { SafeStorageApi } from './electron-api.ts';

export const SAFE_KEY_FILE = 'vault.key.safe';

export interface SafeStorageLike {
  isAvailable(): Promise<boolean>;
  encrypt(plain: string): Promise<Buffer>;
  decrypt(cipher: Buffer): Promise<string>;
}

/** Electron's safeStorage, through its asynchronous API when this Electron has one. */
export function electronSafeStorage(api: SafeStorageApi, platform = process.platform): SafeStorageLike {
  return {
    isAvailable: async () => {
      const available = api.isAsyncEncryptionAvailable ? await api.isAsyncEncryptionAvailable() : api.isEncryptionAvailable();
      return available && !(platform === 'linux' && api.getSelectedStorageBackend?.() === 'basic_text');
    },
    encrypt: async (plain) => (api.encryptStringAsync ? api.encryptStringAsync(plain) : api.encryptString(plain)),
    decrypt: async (cipher) => {
      if (!api.decryptStringAsync) return api.decryptString(cipher);
      const out = await api.decryptStringAsync(cipher);
      return typeof out === 'string' ? out : out.result;
    },
  };
}

/** Where a headless run may have left the key, read only: nothing here creates one. */
export interface LegacyKeySources {
  keyFile(dataDir: string): Buffer | undefined;
  keyring(dataDir: string): Buffer | undefined;
  env(): Buffer | undefined;
}

export const legacyKeySources: LegacyKeySources = {
  keyFile: (dataDir) => {
    const file = join(dataDir, KEY_FILE);
    return existsSync(file) ? parseMasterKey(readFileSync(file, 'utf8')) : undefined;
  },
  keyring: (dataDir) => {
    try {
      type Entry = new (service: string, account: string, options: typeof KEYRING_ENTRY_OPTIONS) => { getPassword(): string | null | undefined };
      const { Entry } = createRequire(import.meta.url)('@napi-rs/keyring') as { Entry: Entry };
      const stored = new Entry(KEYRING_SERVICE, dataDir, KEYRING_ENTRY_OPTIONS).getPassword();
      return stored ? parseMasterKey(stored) : undefined;
    } catch {
      return undefined; // no keyring on this machine, or it is locked
    }
  },
  env: () => {
    const value = process.env['FACTURADOR_MASTER_KEY'];
    return value ? parseMasterKey(value) : undefined;
  },
};

export type DesktopKeyOrigin = 'safeStorage' | 'keyFile' | 'keyring' | 'env' | 'new';

export interface DesktopMasterKey {
  key: Buffer;
  /** 'safeStorage' when it was already wrapped; otherwise where it came from before being wrapped now. */
  origin: DesktopKeyOrigin;
}

export interface DesktopMasterKeyOptions {
  dataDir: string;
  safeStorage: SafeStorageLike;
  legacy?: LegacyKeySources;
  log?: (message: string) => void;
}

/** The key a headless run left, in the order of src/secrets/master-key.ts resolveMasterKey (key file first). */
function legacyKey(legacy: LegacyKeySources, dataDir: string): DesktopMasterKey | undefined {
  const keyFile = legacy.keyFile(dataDir);
  if (keyFile) return { key: keyFile, origin: 'keyFile' };
  const keyring = legacy.keyring(dataDir);
  if (keyring) return { key: keyring, origin: 'keyring' };
  const env = legacy.env();
  return env ? { key: env, origin: 'env' } : undefined;
}

export async function desktopMasterKey(options: DesktopMasterKeyOptions): Promise<DesktopMasterKey | undefined> {
  const { dataDir, safeStorage } = options;
  const file = join(dataDir, SAFE_KEY_FILE);
  const legacy = options.legacy ?? legacyKeySources;
  if (!(await safeStorage.isAvailable())) {
    if (existsSync(file)) {
      // The key was wrapped before and the secret store is not answering now (locked, another session).
      // Handing the core nothing would let it create a NEW key file; use a headless copy or stop.
      const kept = legacyKey(legacy, dataDir);
      if (kept) return kept;
      throw new MasterKeyError(`the vault key of ${dataDir} is protected by the OS secret store, which is not available now: unlock it (log in to the desktop session) and start again`);
    }
    options.log?.('safeStorage cannot protect the vault key on this system; using the headless key providers');
    return undefined;
  }
  if (existsSync(file)) return { key: parseMasterKey(await safeStorage.decrypt(readFileSync(file))), origin: 'safeStorage' };

  let { key, origin } = legacyKey(legacy, dataDir) ?? { key: undefined, origin: 'new' as DesktopKeyOrigin };
  if (!key) {
    if (existsSync(join(dataDir, DATABASE_FILE))) {
      throw new MasterKeyError(`the vault key of ${dataDir} was not found (OS keyring locked or unavailable, no key file, no FACTURADOR_MASTER_KEY): refusing to create a new one, which would make the stored certificate and passwords unreadable`);
    }
    [origin, key] = ['new', randomBytes(32)];
  }

  const hex = key.toString('hex');
  const sealed = await safeStorage.encrypt(hex);
  mkdirSync(dataDir, { recursive: true });
  // Written aside and renamed: a crash never leaves a half-written file that would hide the legacy key.
  writeFileSync(`${file}.tmp`, sealed, { mode: 0o600 });
  if ((await safeStorage.decrypt(readFileSync(`${file}.tmp`))) !== hex) throw new MasterKeyError('safeStorage did not give back the vault key it encrypted');
  renameSync(`${file}.tmp`, file);
  if (origin !== 'new') options.log?.(`vault key moved under safeStorage (from ${origin}); the previous copy is kept for headless use`);
  return { key, origin };
}
