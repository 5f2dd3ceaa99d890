/**
 * The simulator's own signing identity, made once per process (never stored): an RSA key from
 * node:crypto and a self-signed certificate named like the tax authority's, packed into a .p12 and
 * loaded with the project's loader so it has every precomputed value the signer needs.
 */
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { loadP12, type SigningIdentity } from '../../signing/p12.ts';

const SUBJECT = [
  { name: 'countryName', value: 'CR' },
  { name: 'organizationName', value: 'MINISTERIO DE HACIENDA (SIMULADOR LOCAL)' },
  { name: 'organizationalUnitName', value: 'DIRECCION GENERAL DE TRIBUTACION' },
  { name: 'commonName', value: 'SIMULADOR HACIENDA - COMPROBANTES ELECTRONICOS' },
];

let identity: SigningIdentity | undefined;

/** The process's simulator identity; restarts in one process keep it, as the real service keeps its key. */
export function simulatorIdentity(): SigningIdentity {
  identity ??= newIdentity();
  return identity;
}

function newIdentity(): SigningIdentity {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = `01${Date.now().toString(16)}`;
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(Date.now() + 5 * 365 * 24 * 3600 * 1000);
  cert.setSubject(SUBJECT);
  cert.setIssuer(SUBJECT);
  cert.setExtensions([{ name: 'basicConstraints', cA: false }, { name: 'keyUsage', digitalSignature: true, nonRepudiation: true }]);
  cert.sign(key, forge.md.sha256.create());
  const pin = 'simulador';
  const pfx = forge.pkcs12.toPkcs12Asn1(key, [cert], pin, { algorithm: '3des', count: 1 } as Parameters<typeof forge.pkcs12.toPkcs12Asn1>[3]);
  return loadP12(Buffer.from(forge.asn1.toDer(pfx).getBytes(), 'binary'), pin);
}
