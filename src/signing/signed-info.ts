/**
 * Reads ds:SignedInfo into plain data and names every algorithm the verifier does not support.
 *
 * Supported are the algorithms xml-crypto 6.3 implements (so its own core validation can confirm
 * ours) plus the XPath filter of the annex profile, restricted to `not(ancestor-or-self::X:Signature)`
 * with X bound to the XML-DSig namespace: xml-crypto hands transforms only the node, so this is the
 * one place where the expression can be checked.
 */
import { childElements, firstChild, textOf } from './dom.ts';
import { DS_NS, EXC_C14N, XPATH_FILTER } from './signature-template.ts';

const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
export const CANONICALIZATIONS = new Set([C14N, `${C14N}#WithComments`, EXC_C14N, `${EXC_C14N}WithComments`]);
const TRANSFORMS = new Set([...CANONICALIZATIONS, ENVELOPED, XPATH_FILTER]);
/** Transforms after which a URI="" reference no longer contains the signature itself. */
export const SIGNATURE_REMOVING_TRANSFORMS = new Set([ENVELOPED, XPATH_FILTER]);

/** DigestMethod URI -> node:crypto hash name. */
export const HASHES: Record<string, string> = {
  'http://www.w3.org/2000/09/xmldsig#sha1': 'sha1',
  'http://www.w3.org/2001/04/xmlenc#sha256': 'sha256',
  'http://www.w3.org/2001/04/xmlenc#sha512': 'sha512',
};

/** SignatureMethod URI -> node:crypto hash name (RSASSA-PKCS1-v1_5). */
export const SIGNATURE_HASHES: Record<string, string> = {
  'http://www.w3.org/2000/09/xmldsig#rsa-sha1': 'sha1',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256': 'sha256',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512': 'sha512',
};

const SIGNATURE_FILTER = /^not\(\s*ancestor-or-self::([A-Za-z_][\w.-]*):Signature\s*\)$/;

export interface ReferenceSpec {
  element: Element;
  id?: string;
  /** Absent URI: taken as the whole document, as xml-crypto, xmlsec1 and xadesjs (which omits it) do. */
  uri?: string;
  type?: string;
  transforms: string[];
  inclusivePrefixes: string[];
  hashName?: string;
  digestValue: string;
  /** Why this reference cannot be checked (unsupported algorithm, missing part). */
  unsupported: string[];
}

export interface SignedInfoSpec {
  element: Element;
  canonicalization: string;
  signatureHash?: string;
  references: ReferenceSpec[];
}

/** How problems name a reference: "#r-id-1" by its Id, else by its URI. */
export function referenceLabel(ref: Pick<ReferenceSpec, 'id' | 'uri'>): string {
  return ref.id ? `#${ref.id}` : `URI="${ref.uri ?? ''}"`;
}

function checkTransform(transform: Element, algorithm: string): string | undefined {
  if (!TRANSFORMS.has(algorithm)) return `transform ${algorithm || '(none)'} is not supported`;
  if (algorithm !== XPATH_FILTER) return undefined;
  const xpath = firstChild(transform, DS_NS, 'XPath');
  const expression = (textOf(xpath) ?? '').trim();
  const match = SIGNATURE_FILTER.exec(expression);
  if (!xpath || !match || xpath.lookupNamespaceURI(match[1]!) !== DS_NS) {
    return `XPath transform "${expression}" is not supported (only not(ancestor-or-self::ds:Signature))`;
  }
  return undefined;
}

function readReference(element: Element): ReferenceSpec {
  const attr = (name: string): string | undefined => (element.hasAttribute(name) ? element.getAttribute(name)! : undefined);
  const ref: ReferenceSpec = {
    element, id: attr('Id'), uri: attr('URI'), type: attr('Type'), transforms: [], inclusivePrefixes: [], digestValue: '', unsupported: [],
  };
  const transforms = childElements(firstChild(element, DS_NS, 'Transforms') ?? element, DS_NS, 'Transform');
  for (const transform of transforms) {
    const algorithm = transform.getAttribute('Algorithm') ?? '';
    const problem = checkTransform(transform, algorithm);
    if (problem) ref.unsupported.push(problem);
    ref.transforms.push(algorithm);
    const inclusive = firstChild(transform, EXC_C14N, 'InclusiveNamespaces');
    if (inclusive) ref.inclusivePrefixes = (inclusive.getAttribute('PrefixList') ?? '').split(/\s+/).filter(Boolean);
  }
  const digestMethod = firstChild(element, DS_NS, 'DigestMethod')?.getAttribute('Algorithm') ?? '';
  ref.hashName = HASHES[digestMethod];
  if (!ref.hashName) ref.unsupported.push(`digest method ${digestMethod || '(none)'} is not supported`);
  ref.digestValue = (textOf(firstChild(element, DS_NS, 'DigestValue')) ?? '').replace(/\s+/g, '');
  if (!ref.digestValue) ref.unsupported.push('it has no DigestValue');
  return ref;
}

/** Reads the SignedInfo of a ds:Signature; problems name what is missing or unsupported. */
export function readSignedInfo(signature: Element): { spec?: SignedInfoSpec; problems: string[] } {
  const signedInfos = childElements(signature, DS_NS, 'SignedInfo');
  if (signedInfos.length !== 1) return { problems: [`the signature has ${signedInfos.length} SignedInfo elements (exactly one expected)`] };
  const element = signedInfos[0]!;
  const problems: string[] = [];
  const canonicalization = firstChild(element, DS_NS, 'CanonicalizationMethod')?.getAttribute('Algorithm') ?? '';
  if (!CANONICALIZATIONS.has(canonicalization)) problems.push(`canonicalization method ${canonicalization || '(none)'} is not supported`);
  const signatureMethod = firstChild(element, DS_NS, 'SignatureMethod')?.getAttribute('Algorithm') ?? '';
  const signatureHash = SIGNATURE_HASHES[signatureMethod];
  if (!signatureHash) problems.push(`signature method ${signatureMethod || '(none)'} is not supported`);
  const references = childElements(element, DS_NS, 'Reference').map(readReference);
  if (references.length === 0) problems.push('SignedInfo has no Reference');
  return { spec: { element, canonicalization, signatureHash, references }, problems };
}
