/**
 * The Costa Rican certification authorities a signer's certificate is chained to: the national hierarchy
 * (MICITT roots, the BCCR's SINPE issuing CAs) and the root of the Ministerio de Hacienda, from
 * resources/certs/costa-rica/ (a copy of ../shared/hacienda/certs/, see its README). Read once, on first use.
 */
import { X509Certificate } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { resourcePath } from '../paths.ts';

export interface TrustStore {
  /** Self-signed roots: a chain that reaches one of these is complete. */
  roots: X509Certificate[];
  /** The published intermediate CAs, used to complete chains whose KeyInfo leaves them out. */
  intermediates: X509Certificate[];
}

let store: TrustStore | undefined;

export function costaRicanTrustStore(): TrustStore {
  if (store) return store;
  const folder = resourcePath('certs', 'costa-rica');
  const certificates = readdirSync(folder).filter((name) => name.endsWith('.pem')).sort()
    .map((name) => new X509Certificate(readFileSync(`${folder}/${name}`)));
  const selfSigned = (cert: X509Certificate) => cert.subject === cert.issuer && cert.checkIssued(cert);
  store = { roots: certificates.filter(selfSigned), intermediates: certificates.filter((cert) => !selfSigned(cert)) };
  return store;
}
