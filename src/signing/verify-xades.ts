/**
 * The XAdES-EPES part of verification: the signed properties exist and are covered by a reference,
 * the SigningCertificate names the KeyInfo certificate (digest and serial), a signature policy is
 * present (and whether it is the v4.4 policy of the annex), and the signing time.
 */
import { createHash } from 'node:crypto';
import type { CertificateInfo } from './certificate-info.ts';
import { childElements, childPath, firstChild, textOf } from './dom.ts';
import { HASHES, type ReferenceSpec } from './signed-info.ts';
import { DS_NS, POLICY_V44_HASH, POLICY_V44_IDENTIFIER, SHA256, XADES_NS } from './signature-template.ts';

export interface XadesFindings {
  problems: string[];
  notes: string[];
  signingTime?: string;
  policy?: { identifier: string; isV44Policy: boolean };
}

function qualifyingProperties(signature: Element): Element | undefined {
  for (const object of childElements(signature, DS_NS, 'Object')) {
    const found = firstChild(object, XADES_NS, 'QualifyingProperties');
    if (found) return found;
  }
  return undefined;
}

/** Whether one xades:Cert (CertDigest + IssuerSerial) names the certificate; undefined = it does. */
function certMismatch(cert: Element, certificate: CertificateInfo): 'digest' | 'serial' | undefined {
  const digest = firstChild(cert, XADES_NS, 'CertDigest');
  const hashName = HASHES[firstChild(digest, DS_NS, 'DigestMethod')?.getAttribute('Algorithm') ?? ''];
  const expected = (textOf(firstChild(digest, DS_NS, 'DigestValue')) ?? '').replace(/\s+/g, '');
  if (!hashName || !createHash(hashName).update(certificate.der).digest().equals(Buffer.from(expected, 'base64'))) return 'digest';
  const serial = firstChild(firstChild(cert, XADES_NS, 'IssuerSerial'), DS_NS, 'X509SerialNumber');
  if (serial && (textOf(serial) ?? '').trim() !== certificate.serialNumber) return 'serial';
  return undefined;
}

function checkSigningCertificate(signedSignature: Element | undefined, certificate: CertificateInfo | undefined, problems: string[]): void {
  const signingCertificate = firstChild(signedSignature, XADES_NS, 'SigningCertificate') ??
    firstChild(signedSignature, XADES_NS, 'SigningCertificateV2');
  if (!signingCertificate) {
    problems.push('the signed properties have no SigningCertificate');
    return;
  }
  if (!certificate) return; // the missing KeyInfo certificate is reported already
  const outcomes = childElements(signingCertificate, XADES_NS, 'Cert').map((cert) => certMismatch(cert, certificate));
  if (outcomes.includes(undefined)) return;
  problems.push(outcomes.includes('serial')
    ? 'SigningCertificate serial number does not match the KeyInfo certificate'
    : 'SigningCertificate digest does not match the KeyInfo certificate');
}

function readPolicy(signedSignature: Element | undefined, findings: XadesFindings): void {
  const identifier = firstChild(signedSignature, XADES_NS, 'SignaturePolicyIdentifier');
  const policyId = firstChild(identifier, XADES_NS, 'SignaturePolicyId');
  if (!policyId) {
    findings.problems.push(firstChild(identifier, XADES_NS, 'SignaturePolicyImplied')
      ? 'the signature policy is implied: XAdES-EPES requires an explicit policy'
      : 'no signature policy (XAdES-EPES requires SignaturePolicyIdentifier)');
    return;
  }
  const id = (textOf(childPath(policyId, XADES_NS, 'SigPolicyId', 'Identifier')) ?? '').trim();
  const hash = firstChild(policyId, XADES_NS, 'SigPolicyHash');
  const hashMethod = firstChild(hash, DS_NS, 'DigestMethod')?.getAttribute('Algorithm');
  const hashValue = (textOf(firstChild(hash, DS_NS, 'DigestValue')) ?? '').replace(/\s+/g, '');
  if (!id) findings.problems.push('the signature policy has no identifier');
  if (!hashValue) findings.problems.push('the signature policy has no SigPolicyHash');
  const isV44Policy = id === POLICY_V44_IDENTIFIER && hashMethod === SHA256 && hashValue === POLICY_V44_HASH;
  findings.policy = { identifier: id, isV44Policy };
  if (id && !isV44Policy) findings.notes.push('the signature policy is not the v4.4 policy of the annex');
}

/** XAdES checks of the first signature. `references` are its SignedInfo references. */
export function checkXades(signature: Element, references: ReferenceSpec[], certificate: CertificateInfo | undefined): XadesFindings {
  const findings: XadesFindings = { problems: [], notes: [] };
  const qualifying = qualifyingProperties(signature);
  if (!qualifying) {
    findings.problems.push('not a XAdES signature: no xades:QualifyingProperties');
    return findings;
  }
  const signatureId = signature.getAttribute('Id');
  if (signatureId && qualifying.getAttribute('Target') !== `#${signatureId}`) {
    findings.problems.push(`QualifyingProperties Target ${qualifying.getAttribute('Target') ?? '(none)'} does not point to this signature (#${signatureId})`);
  }
  const signedProperties = firstChild(qualifying, XADES_NS, 'SignedProperties');
  if (!signedProperties) {
    findings.problems.push('the QualifyingProperties have no SignedProperties');
    return findings;
  }
  const propertiesId = signedProperties.getAttribute('Id');
  if (!propertiesId || !references.some((ref) => ref.uri === `#${propertiesId}`)) {
    findings.problems.push('no reference covers the XAdES SignedProperties: they are not signed');
  }
  const signedSignature = firstChild(signedProperties, XADES_NS, 'SignedSignatureProperties');
  const signingTime = textOf(firstChild(signedSignature, XADES_NS, 'SigningTime'))?.trim();
  if (signingTime) findings.signingTime = signingTime;
  else findings.notes.push('the signed properties have no SigningTime');
  checkSigningCertificate(signedSignature, certificate, findings.problems);
  readPolicy(signedSignature, findings);
  return findings;
}
