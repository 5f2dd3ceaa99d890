/**
 * The ds:Signature of the annex example (ANX p.85–87) as string pieces, in EXCLUSIVE CANONICAL form.
 *
 * Two subtrees are digested or signed: ds:SignedInfo (signed) and xades:SignedProperties (digested by
 * the second reference). Exclusive C14N (exc-c14n) gives the apex of a canonicalised subtree the
 * namespace declarations it visibly uses, and gives an element any declaration it uses that no output
 * ancestor rendered. So the canonical SignedInfo carries xmlns:ds on its start tag, and the canonical
 * SignedProperties carries xmlns:xades on its start tag and xmlns:ds on every ds:* element inside it
 * (their xades:* ancestors render only xmlns:xades). Those declarations are written into the document
 * too — redundant there, and legal — so the bytes of each subtree in the document ARE its canonical
 * form, and the digest/signature is computed over exactly the substring that is emitted.
 * Attributes follow c14n order: namespace declarations first, then attributes by name.
 * There is no whitespace anywhere: whitespace text nodes would be part of the canonical form.
 */
import type { SigningIdentity } from './p12.ts';

export const DS_NS = 'http://www.w3.org/2000/09/xmldsig#';
export const XADES_NS = 'http://uri.etsi.org/01903/v1.3.2#';
export const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
export const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
export const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
export const XPATH_FILTER = 'http://www.w3.org/TR/1999/REC-xpath-19991116';
/** The only XPath expression the profile uses: drop every signature (issuer's and counter-signatures). */
export const NOT_SIGNATURE_XPATH = 'not(ancestor-or-self::ds:Signature)';
export const SIGNED_PROPERTIES_TYPE = 'http://uri.etsi.org/01903#SignedProperties';

/** Signature policy of v4.4 (ANX p.87). */
export const POLICY_V44_IDENTIFIER =
  'https://cdn.comprobanteselectronicos.go.cr/xml-schemas/Resoluci%C3%B3n_General_sobre_disposiciones_t%C3%A9cnicas_comprobantes_electr%C3%B3nicos_para_efectos_tributarios.pdf';
export const POLICY_V44_HASH = 'DWxin1xWOeI8OuWQXazh4VjLWAaCLAA954em7DMh0h8=';

const DS = ` xmlns:ds="${DS_NS}"`;
const XADES = ` xmlns:xades="${XADES_NS}"`;
const ALG_SHA256 = ` Algorithm="${SHA256}"`;
const EXC_C14N_TRANSFORM = `<ds:Transform Algorithm="${EXC_C14N}"></ds:Transform>`;

/** Escapes text content the way c14n writes it (& < > and CR). */
export function escapeText(text: string): string {
  return text.replace(/[&<>\r]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&#xD;'));
}

// ds:SignedInfo = SIGNED_INFO_1 + document digest + SIGNED_INFO_2 + id + SIGNED_INFO_3 + properties digest + SIGNED_INFO_4
export const SIGNED_INFO_1 =
  `<ds:SignedInfo${DS}>` +
  `<ds:CanonicalizationMethod Algorithm="${EXC_C14N}"></ds:CanonicalizationMethod>` +
  `<ds:SignatureMethod Algorithm="${RSA_SHA256}"></ds:SignatureMethod>` +
  '<ds:Reference Id="r-id-1" URI="">' +
  `<ds:Transforms><ds:Transform Algorithm="${XPATH_FILTER}"><ds:XPath>${NOT_SIGNATURE_XPATH}</ds:XPath></ds:Transform>` +
  `${EXC_C14N_TRANSFORM}</ds:Transforms>` +
  `<ds:DigestMethod${ALG_SHA256}></ds:DigestMethod><ds:DigestValue>`;
export const SIGNED_INFO_2 =
  `</ds:DigestValue></ds:Reference><ds:Reference Type="${SIGNED_PROPERTIES_TYPE}" URI="#xades-id-`;
export const SIGNED_INFO_3 =
  `"><ds:Transforms>${EXC_C14N_TRANSFORM}</ds:Transforms><ds:DigestMethod${ALG_SHA256}></ds:DigestMethod><ds:DigestValue>`;
export const SIGNED_INFO_4 = '</ds:DigestValue></ds:Reference></ds:SignedInfo>';

// xades:SignedProperties = SIGNED_PROPERTIES_1 + id + SIGNED_PROPERTIES_2 + signing time + identity tail
export const SIGNED_PROPERTIES_1 = `<xades:SignedProperties${XADES} Id="xades-id-`;
export const SIGNED_PROPERTIES_2 = '"><xades:SignedSignatureProperties><xades:SigningTime>';

/** Everything of SignedProperties after the signing time: it depends only on the identity. */
function signedPropertiesTail(identity: SigningIdentity): string {
  return '</xades:SigningTime>' +
    '<xades:SigningCertificate><xades:Cert><xades:CertDigest>' +
    `<ds:DigestMethod${DS}${ALG_SHA256}></ds:DigestMethod>` +
    `<ds:DigestValue${DS}>${identity.certificateDigestSha256}</ds:DigestValue>` +
    '</xades:CertDigest><xades:IssuerSerial>' +
    `<ds:X509IssuerName${DS}>${escapeText(identity.issuerName)}</ds:X509IssuerName>` +
    `<ds:X509SerialNumber${DS}>${identity.serialNumber}</ds:X509SerialNumber>` +
    '</xades:IssuerSerial></xades:Cert></xades:SigningCertificate>' +
    '<xades:SignaturePolicyIdentifier><xades:SignaturePolicyId>' +
    `<xades:SigPolicyId><xades:Identifier>${POLICY_V44_IDENTIFIER}</xades:Identifier></xades:SigPolicyId>` +
    `<xades:SigPolicyHash><ds:DigestMethod${DS}${ALG_SHA256}></ds:DigestMethod>` +
    `<ds:DigestValue${DS}>${POLICY_V44_HASH}</ds:DigestValue></xades:SigPolicyHash>` +
    '</xades:SignaturePolicyId></xades:SignaturePolicyIdentifier>' +
    '</xades:SignedSignatureProperties>' +
    '<xades:SignedDataObjectProperties><xades:DataObjectFormat ObjectReference="#r-id-1">' +
    '<xades:MimeType>application/octet-stream</xades:MimeType>' +
    '</xades:DataObjectFormat></xades:SignedDataObjectProperties>' +
    '</xades:SignedProperties>';
}

/** The pieces of the signature that depend only on the identity, built once per identity. */
export interface IdentityParts {
  signedPropertiesTail: string;
  keyInfo: string;
}

const partsCache = new WeakMap<SigningIdentity, IdentityParts>();

export function identityParts(identity: SigningIdentity): IdentityParts {
  let parts = partsCache.get(identity);
  if (!parts) {
    parts = {
      signedPropertiesTail: signedPropertiesTail(identity),
      keyInfo: `<ds:KeyInfo><ds:X509Data><ds:X509Certificate>${identity.certificateBase64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>`,
    };
    partsCache.set(identity, parts);
  }
  return parts;
}

/** ds:Signature = SIGNATURE_1 + id + SIGNATURE_2 + SignedInfo + SIGNATURE_VALUE_1 + id + SIGNATURE_VALUE_2
 * + value + SIGNATURE_VALUE_3 + KeyInfo + OBJECT_1 + id + OBJECT_2 + SignedProperties + OBJECT_3 */
export const SIGNATURE_1 = `<ds:Signature${DS} Id="id-`;
export const SIGNATURE_2 = '">';
export const SIGNATURE_VALUE_1 = '<ds:SignatureValue Id="value-id-';
export const SIGNATURE_VALUE_2 = '">';
export const SIGNATURE_VALUE_3 = '</ds:SignatureValue>';
export const OBJECT_1 = `<ds:Object><xades:QualifyingProperties${XADES} Target="#id-`;
export const OBJECT_2 = '">';
export const OBJECT_3 = '</xades:QualifyingProperties></ds:Object></ds:Signature>';
