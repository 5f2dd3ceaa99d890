/**
 * Where the vault's master key comes from when no OS keyring is used (keyring.test.ts covers that one):
 * FACTURADOR_MASTER_KEY (hex or base64) and the 0600 key file in the data directory.
 */
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KEY_FILE, MasterKeyError, parseMasterKey, resolveMasterKey } from '../../../src/secrets/master-key.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';

const temp = tempDirs();

const tempDir = () => temp('facturador-key-');
const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('parseMasterKey', () => {
  const key = randomBytes(32);

  it('reads 64 hex characters, either case, around whitespace', () => {
    expect(parseMasterKey(key.toString('hex')).equals(key)).toBe(true);
    expect(parseMasterKey(` ${key.toString('hex').toUpperCase()}\n`).equals(key)).toBe(true);
  });

  it('reads base64 of 32 bytes', () => {
    expect(parseMasterKey(key.toString('base64')).equals(key)).toBe(true);
  });

  it.each([
    ['too short hex', key.toString('hex').slice(0, 62)],
    ['base64 of 16 bytes', randomBytes(16).toString('base64')],
    ['base64 of 48 bytes', randomBytes(48).toString('base64')],
    ['a password', 'my secret password'],
    ['empty', ''],
  ])('rejects %s with an error that says what is expected', (_label, text) => {
    expect(() => parseMasterKey(text)).toThrow(MasterKeyError);
    expect(() => parseMasterKey(text)).toThrow('FACTURADOR_MASTER_KEY must be 32 bytes: 64 hex characters or base64');
  });
});

describe('resolveMasterKey from FACTURADOR_MASTER_KEY', () => {
  const key = randomBytes(32);

  it.each([['hex', key.toString('hex')], ['base64', key.toString('base64')]])('uses a %s key and writes no key file', (_format, text) => {
    const dataDir = tempDir();
    const resolved = resolveMasterKey({ dataDir, env: { FACTURADOR_MASTER_KEY: text }, useKeyring: false });
    expect(resolved.source).toBe('env');
    expect(resolved.key.equals(key)).toBe(true);
    expect(existsSync(join(dataDir, KEY_FILE))).toBe(false);
  });

  it('stops with a clear error on a malformed key rather than falling back to a file', () => {
    const dataDir = tempDir();
    expect(() => resolveMasterKey({ dataDir, env: { FACTURADOR_MASTER_KEY: 'not-a-key' }, useKeyring: false })).toThrow(/FACTURADOR_MASTER_KEY must be 32 bytes/);
    expect(existsSync(join(dataDir, KEY_FILE))).toBe(false);
  });
});

describe('resolveMasterKey from the key file', () => {
  it('creates a 0600 key file, with a warning naming it, in a data directory that does not exist yet', () => {
    const dataDir = join(tempDir(), 'nested', 'data');
    const warnings: string[] = [];
    const resolved = resolveMasterKey({ dataDir, env: {}, useKeyring: false, warn: (m) => warnings.push(m) });
    const file = join(dataDir, KEY_FILE);
    expect(resolved.source).toBe('file');
    expect(resolved.key.length).toBe(32);
    expect(modeOf(file)).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe(resolved.key.toString('hex'));
    expect(warnings).toEqual([expect.stringContaining(file)]);
  });

  it('reuses the same key on the next start', () => {
    const dataDir = tempDir();
    const first = resolveMasterKey({ dataDir, env: {}, useKeyring: false });
    const second = resolveMasterKey({ dataDir, env: {}, useKeyring: false });
    expect(second.key.equals(first.key)).toBe(true);
  });

  it('tightens a key file that others can read back to 0600', () => {
    const dataDir = tempDir();
    const file = join(dataDir, KEY_FILE);
    const key = randomBytes(32);
    writeFileSync(file, key.toString('hex'));
    chmodSync(file, 0o644);
    const resolved = resolveMasterKey({ dataDir, env: {}, useKeyring: false });
    expect(resolved.key.equals(key)).toBe(true);
    expect(modeOf(file)).toBe(0o600);
  });

  it('stops on a damaged key file instead of replacing it (that would orphan every secret)', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, KEY_FILE), 'damaged', { mode: 0o600 });
    expect(() => resolveMasterKey({ dataDir, env: {}, useKeyring: false })).toThrow(MasterKeyError);
    expect(readFileSync(join(dataDir, KEY_FILE), 'utf8')).toBe('damaged');
  });
});
