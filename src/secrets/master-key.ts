/**
 * Where the vault's master key comes from, in order (DESIGN.md, Secrets):
 * 1. the OS keyring (Secret Service on Linux, Keychain, Credential Manager) through @napi-rs/keyring;
 *    in the desktop shell, main/ passes a key protected by Electron's safeStorage instead;
 * 2. `FACTURADOR_MASTER_KEY` (64 hex characters or base64 of 32 bytes), for servers and CI;
 * 3. a 0600 key file in the data directory, with a warning: the key then sits next to what it protects.
 * The first provider that works creates the key when none exists yet.
 */
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { privateDir } from '../private-files.ts';

export type MasterKeySource = 'keyring' | 'env' | 'file' | 'given';

export interface MasterKey {
  key: Buffer;
  source: MasterKeySource;
}

export const KEYRING_SERVICE = 'facturador';
export const KEY_FILE = 'vault.key';

export class MasterKeyError extends Error {}

/** 64 hex characters or base64 of exactly 32 bytes. */
export function parseMasterKey(text: string): Buffer {
  const value = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) throw new MasterKeyError('FACTURADOR_MASTER_KEY must be 32 bytes: 64 hex characters or base64');
  return key;
}

interface KeyringEntry {
  getPassword(): string | null | undefined;
  setPassword(password: string): void;
}

/**
 * On Linux the entry is pinned to the Secret Service: the library would otherwise fall back to the kernel
 * keyring, which forgets everything at logout or reboot, and the vault would become unreadable.
 */
export const KEYRING_ENTRY_OPTIONS = { linux: { store: 'secret-service' } } as const;

type EntryConstructor = new (service: string, account: string, options?: typeof KEYRING_ENTRY_OPTIONS) => KeyringEntry;

/** The keyring entry of a data directory, or undefined when no OS keyring answers. */
function keyringEntry(account: string): KeyringEntry | undefined {
  try {
    const { Entry } = createRequire(import.meta.url)('@napi-rs/keyring') as { Entry: EntryConstructor };
    return new Entry(KEYRING_SERVICE, account, KEYRING_ENTRY_OPTIONS);
  } catch {
    return undefined;
  }
}

export function keyringMasterKey(dataDir: string): Buffer | undefined {
  const entry = keyringEntry(dataDir);
  if (!entry) return undefined;
  try {
    const stored = entry.getPassword();
    if (stored) return parseMasterKey(stored);
    const key = randomBytes(32);
    entry.setPassword(key.toString('hex'));
    // Read back: some keyrings accept a write they cannot keep (no unlocked collection).
    return entry.getPassword() === key.toString('hex') ? key : undefined;
  } catch {
    return undefined;
  }
}

export function fileMasterKey(dataDir: string): Buffer {
  const file = join(dataDir, KEY_FILE);
  if (existsSync(file)) {
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return parseMasterKey(readFileSync(file, 'utf8'));
  }
  privateDir(dataDir);
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex'), { mode: 0o600 });
  return key;
}

export interface MasterKeyOptions {
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  useKeyring?: boolean; // default true; FACTURADOR_KEYRING=off disables it
  warn?: (message: string) => void;
}

export function resolveMasterKey(options: MasterKeyOptions): MasterKey {
  const env = options.env ?? process.env;
  // An existing key file keeps winning, so that data encrypted under it stays readable.
  const fileExists = existsSync(join(options.dataDir, KEY_FILE));
  if (!fileExists && options.useKeyring !== false && env['FACTURADOR_KEYRING'] !== 'off') {
    const key = keyringMasterKey(options.dataDir);
    if (key) return { key, source: 'keyring' };
  }
  const fromEnv = env['FACTURADOR_MASTER_KEY'];
  if (fromEnv) return { key: parseMasterKey(fromEnv), source: 'env' };
  options.warn?.(`no OS keyring available: the vault key is kept in ${join(options.dataDir, KEY_FILE)} (mode 0600); set FACTURADOR_MASTER_KEY or use a desktop session with a keyring to keep it apart from the data`);
  return { key: fileMasterKey(options.dataDir), source: 'file' };
}
