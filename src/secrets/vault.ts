/**
 * The vault: AES-256-GCM under the master key for the .p12, its PIN and the tax-authority password.
 * Each value gets a fresh 96-bit nonce; the context (e.g. `org:12:staging:p12`) is authenticated data, so
 * a ciphertext copied into another organization's row does not decrypt. Layout: version(1) | nonce(12) |
 * tag(16) | ciphertext.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 1;

export class VaultError extends Error {}

export class Vault {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new VaultError('the vault master key must be 32 bytes');
  }

  encrypt(plain: Buffer | string, context: string): Buffer {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), nonce, cipher.getAuthTag(), body]);
  }

  decrypt(sealed: Buffer, context: string): Buffer {
    if (sealed.length < 29 || sealed[0] !== VERSION) throw new VaultError('not a vault ciphertext');
    const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.subarray(1, 13));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(sealed.subarray(13, 29));
    try {
      return Buffer.concat([decipher.update(sealed.subarray(29)), decipher.final()]);
    } catch {
      throw new VaultError('the secret cannot be decrypted with this master key (wrong key or tampered data)');
    }
  }
}
