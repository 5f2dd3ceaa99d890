/** The vault that keeps .p12 files, PINs and tax-authority passwords: AES-256-GCM with the context bound in. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Vault, VaultError } from '../../../src/secrets/vault.ts';

const key = randomBytes(32);
const vault = new Vault(key);
const CONTEXT = 'org:12:staging:pin';

describe('Vault', () => {
  it('returns what was sealed, text or bytes, empty or large', () => {
    expect(vault.decrypt(vault.encrypt('1234', CONTEXT), CONTEXT).toString('utf8')).toBe('1234');
    expect(vault.decrypt(vault.encrypt('contraseña ñ€', CONTEXT), CONTEXT).toString('utf8')).toBe('contraseña ñ€');
    const p12 = randomBytes(64 * 1024);
    expect(vault.decrypt(vault.encrypt(p12, CONTEXT), CONTEXT).equals(p12)).toBe(true);
    expect(vault.decrypt(vault.encrypt(Buffer.alloc(0), CONTEXT), CONTEXT).length).toBe(0);
  });

  it('never shows the secret and never seals the same way twice', () => {
    const a = vault.encrypt('clave-secreta-ATV', CONTEXT);
    const b = vault.encrypt('clave-secreta-ATV', CONTEXT);
    expect(a.includes(Buffer.from('clave-secreta-ATV'))).toBe(false);
    expect(a.equals(b)).toBe(false);
  });

  it('refuses a ciphertext moved to another context (organization, environment or field)', () => {
    const sealed = vault.encrypt('1234', CONTEXT);
    for (const other of ['org:13:staging:pin', 'org:12:production:pin', 'org:12:staging:atv_password', '']) {
      expect(() => vault.decrypt(sealed, other)).toThrow(VaultError);
    }
  });

  it('refuses a ciphertext with any byte changed: nonce, tag or body', () => {
    const sealed = vault.encrypt('secreto', CONTEXT);
    for (const index of [1, 12, 13, 28, 29, sealed.length - 1]) {
      const tampered = Buffer.from(sealed);
      tampered[index]! ^= 0x01;
      expect(() => vault.decrypt(tampered, CONTEXT), `byte ${index}`).toThrow(/wrong key or tampered/);
    }
  });

  it('refuses a ciphertext sealed under another master key', () => {
    const sealed = new Vault(randomBytes(32)).encrypt('secreto', CONTEXT);
    expect(() => vault.decrypt(sealed, CONTEXT)).toThrow(VaultError);
  });

  it('refuses what is not a vault ciphertext', () => {
    expect(() => vault.decrypt(Buffer.from('plain text'), CONTEXT)).toThrow(/not a vault ciphertext/);
    const wrongVersion = vault.encrypt('x', CONTEXT);
    wrongVersion[0] = 2;
    expect(() => vault.decrypt(wrongVersion, CONTEXT)).toThrow(/not a vault ciphertext/);
  });

  it('needs a 32-byte master key', () => {
    for (const length of [0, 16, 31, 33]) expect(() => new Vault(Buffer.alloc(length))).toThrow(/32 bytes/);
  });
});
