import { createHash, generateKeyPairSync, randomBytes, sign, verify, X509Certificate } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import { afterAll, describe, expect, it } from 'vitest';
import { describeCertificate, loadP12, SigningError, type SigningIdentity } from '../../../src/signing/p12.ts';
import {
  CA_RFC4514, LEAF_SERIAL_DECIMAL, makeTestP12, TEST_PIN, testCertificatePem, testPrivateKeyPem,
} from '../../fixtures/certificates.ts';

function errorOf(run: () => unknown): SigningError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SigningError);
    return error as SigningError;
  }
  throw new Error('expected a SigningError, nothing was thrown');
}

/** The identity signs and its certificate verifies what it signed: key and certificate belong together. */
function expectUsable(identity: SigningIdentity): void {
  const message = Buffer.from('prueba');
  const signature = sign('sha256', message, identity.privateKey);
  expect(verify('sha256', message, new X509Certificate(identity.certificateDer).publicKey, signature)).toBe(true);
}

const leafDer = new X509Certificate(testCertificatePem()).raw;

describe('loadP12', () => {
  it.each(['3des', 'rc2', 'aes256'] as const)('reads a %s-encrypted file', (algorithm) => {
    const identity = loadP12(makeTestP12({ pin: TEST_PIN, algorithm }), TEST_PIN);
    expectUsable(identity);
    expect(identity.certificateDer.equals(leafDer)).toBe(true);
  });

  it('precomputes what the signature needs from the certificate', () => {
    const identity = loadP12(makeTestP12({ pin: TEST_PIN }), TEST_PIN);
    expect(identity.certificateBase64).toBe(leafDer.toString('base64'));
    expect(identity.certificateDigestSha256).toBe(createHash('sha256').update(leafDer).digest('base64'));
    expect(identity.issuerName).toBe(CA_RFC4514);
    expect(identity.serialNumber).toBe(LEAF_SERIAL_DECIMAL);
    expect(identity.subject).toBe('CN=EMPRESA DE PRUEBA SOCIEDAD ANONIMA, OU=CPJ, O=PERSONA JURIDICA, C=CR, SERIALNUMBER=CPJ-3-101-123456');
    expect(identity.privateKey.type).toBe('private');
  });

  it('picks the certificate that matches the key when the file carries the CA chain first', () => {
    const identity = loadP12(makeTestP12({ pin: TEST_PIN, includeChain: true }), TEST_PIN);
    expect(identity.certificateDer.equals(leafDer)).toBe(true);
    expect(identity.subject).toContain('EMPRESA DE PRUEBA');
    expectUsable(identity);
  });

  it.each(['3des', 'rc2', 'aes256'] as const)('reports a wrong PIN on a %s file', (algorithm) => {
    const error = errorOf(() => loadP12(makeTestP12({ pin: TEST_PIN, algorithm }), '9999'));
    expect(error.code).toBe('wrong_pin');
    expect(error.message).toMatch(/PIN/);
  });

  it.each([
    ['an empty buffer', Buffer.alloc(0)],
    ['random bytes', randomBytes(512)],
    ['a text file', Buffer.from('this is not a certificate')],
    ['a truncated p12', makeTestP12({ pin: TEST_PIN }).subarray(0, 300)],
  ])('reports %s as corrupt_p12', (_name, bytes) => {
    expect(errorOf(() => loadP12(bytes, TEST_PIN)).code).toBe('corrupt_p12');
  });

  it('never throws an untyped error for random input', () => {
    for (let i = 0; i < 300; i++) {
      const bytes = randomBytes(1 + (i % 150));
      if (i % 2 === 0) bytes[0] = 0x30; // looks like an ASN.1 SEQUENCE
      try {
        loadP12(bytes, TEST_PIN);
      } catch (error) {
        expect(error).toBeInstanceOf(SigningError);
      }
    }
  });

  it('reports a key without its certificate as no_matching_certificate', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const otherKey = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    const p12 = forge.pkcs12.toPkcs12Asn1(otherKey as forge.pki.rsa.PrivateKey, [forge.pki.certificateFromPem(testCertificatePem())], TEST_PIN, { algorithm: '3des' });
    const error = errorOf(() => loadP12(Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'), TEST_PIN));
    expect(error.code).toBe('no_matching_certificate');
  });

  it('reports a file with only certificates as no_private_key', () => {
    expect(errorOf(() => loadP12(makeTestP12({ pin: TEST_PIN, withoutKey: true, includeChain: true }), TEST_PIN)).code)
      .toBe('no_private_key');
  });
});

describe('describeCertificate', () => {
  it('reports subject, decimal serial and expiry', () => {
    const identity = loadP12(makeTestP12({ pin: TEST_PIN }), TEST_PIN);
    const described = describeCertificate(identity, new Date());
    expect(described).toEqual({
      subject: identity.subject,
      serial_number: LEAF_SERIAL_DECIMAL,
      expiry_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      is_expired: false,
    });
    expect(describeCertificate(identity, new Date(identity.notAfter.getTime() + 1000)).is_expired).toBe(true);
  });

  it('reports an expired certificate and its Costa Rica expiry date', () => {
    const identity = loadP12(makeTestP12({ pin: TEST_PIN, expired: true }), TEST_PIN);
    // notAfter 2022-01-01T00:00:00Z is still 31 December 2021 in Costa Rica.
    expect(describeCertificate(identity, new Date())).toMatchObject({ expiry_date: '2021-12-31', is_expired: true });
  });
});

/** Files written by OpenSSL itself: the legacy layout of ATV files and OpenSSL 3's AES default. */
describe('loadP12 with files made by the openssl CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'p12-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const openssl = (...args: string[]): void => {
    execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  };
  const exportP12 = (name: string, key: string, cert: string, extra: string[]): Buffer => {
    openssl('pkcs12', '-export', '-inkey', key, '-in', cert, '-passout', `pass:${TEST_PIN}`, '-out', name, ...extra);
    return readFileSync(join(dir, name));
  };
  writeFileSync(join(dir, 'key.pem'), testPrivateKeyPem());
  writeFileSync(join(dir, 'cert.pem'), testCertificatePem());

  it('reads the legacy RC2-40/3DES layout (openssl -legacy)', () => {
    const identity = loadP12(exportP12('legacy.p12', 'key.pem', 'cert.pem', ['-legacy']), TEST_PIN);
    expect(identity.certificateDer.equals(leafDer)).toBe(true);
    expectUsable(identity);
  });

  it('reads the OpenSSL 3 default (PBES2 AES-256-CBC, SHA-256 MAC)', () => {
    const identity = loadP12(exportP12('modern.p12', 'key.pem', 'cert.pem', []), TEST_PIN);
    expect(identity.certificateDer.equals(leafDer)).toBe(true);
    expect(errorOf(() => loadP12(readFileSync(join(dir, 'modern.p12')), '0000')).code).toBe('wrong_pin');
  });

  it('rejects an EC key as unsupported_key', () => {
    openssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-subj', '/CN=EC',
      '-keyout', 'ec-key.pem', '-out', 'ec-cert.pem', '-days', '2');
    const error = errorOf(() => loadP12(exportP12('ec.p12', 'ec-key.pem', 'ec-cert.pem', []), TEST_PIN));
    expect(error.code).toBe('unsupported_key');
  });

  it('rejects an RSA key shorter than 2048 bits as unsupported_key', () => {
    openssl('req', '-x509', '-newkey', 'rsa:1024', '-nodes', '-subj', '/CN=short', '-keyout', 'short-key.pem', '-out', 'short-cert.pem', '-days', '2');
    const error = errorOf(() => loadP12(exportP12('short.p12', 'short-key.pem', 'short-cert.pem', []), TEST_PIN));
    expect(error.code).toBe('unsupported_key');
    expect(error.message).toMatch(/1024 bits/);
  });

});
