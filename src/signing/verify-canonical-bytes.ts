/**
 * A quick confirmation of XML that is already in exclusive-canonical form, as our own documents and the
 * tax authority's answers are: the whole-document reference is hashed straight from the bytes received
 * (minus the one ds:Signature), and only the small ds:Signature is parsed and canonicalised. An outbox
 * draining thousands of MensajeHacienda answers spends a fifth of the time the general verifier needs.
 *
 * It can only CONFIRM validity; anything it cannot confirm (other canonicalisations, DTDs, comments, a
 * second signature, references elsewhere, a digest that does not match the raw bytes) returns undefined
 * and the general verifier decides, with its precise problem messages. Why a raw-bytes match is enough:
 * the digest is over the canonical form the signer produced; if the bytes we hold hash to it, they ARE that
 * canonical form, and with no DTD (no entities, no defaulted attributes) parsing them yields exactly the
 * content that was signed.
 */
import { createHash, verify as verifySignature } from 'node:crypto';
import { ExclusiveCanonicalization } from 'xml-crypto';
import type { CertificateInfo } from './certificate-info.ts';
import { ancestorNamespaces, elementsById, parseXml, textOf, childPath } from './dom.ts';
import { readSignedInfo, SIGNATURE_REMOVING_TRANSFORMS, type ReferenceSpec, type SignedInfoSpec } from './signed-info.ts';
import { DS_NS, EXC_C14N } from './signature-template.ts';
import { keyInfoCertificates } from './verify-signature-value.ts';
import { coverage, type ReferenceResult } from './verify-references.ts';
import { checkXades } from './verify-xades.ts';
import type { VerificationResult } from './verification-result.ts';
import { signerIdentity } from './verify-chain.ts';

interface Located {
  /** The document element, from its '<' to the end of its closing tag. */
  root: { start: number; end: number };
  /** The one ds:Signature, likewise. */
  signature: { start: number; end: number };
}

const SIGNATURE_OPEN = /<(?:[A-Za-z_][\w.-]*:)?Signature[\s>/]/g;

/** Where the root and the single signature are, when the text is plain enough for byte-level hashing. */
function locate(text: string): Located | undefined {
  // No DTD, comment, CDATA or processing instruction past the declaration; no CR (parsers normalise it).
  if (text.includes('<!') || text.includes('\r') || text.indexOf('<?', 1) !== -1) return undefined;
  const start = text.startsWith('<?xml') ? text.indexOf('<', text.indexOf('?>')) : text.indexOf('<');
  const end = text.trimEnd().length;
  if (start < 0 || /\S/.test(text.slice(text.startsWith('<?xml') ? text.indexOf('?>') + 2 : 0, start))) return undefined;
  const opens = [...text.matchAll(SIGNATURE_OPEN)];
  if (opens.length !== 1) return undefined;
  const open = opens[0]!;
  const name = open[0].slice(1, -1);
  const close = `</${name}>`;
  const closeAt = text.indexOf(close, open.index);
  if (closeAt < 0 || text.indexOf(close, closeAt + 1) !== -1) return undefined;
  return { root: { start, end }, signature: { start: open.index, end: closeAt + close.length } };
}

/**
 * The text without its one ds:Signature, when the text is that plain (else undefined): readers of the signed
 * content (a MensajeHacienda's fields) parse a third of the bytes.
 */
export function withoutSignature(text: string): string | undefined {
  const at = locate(text);
  return at ? text.slice(0, at.signature.start) + text.slice(at.signature.end) : undefined;
}

function digest(hashName: string, data: string): string {
  return createHash(hashName).update(data, 'utf8').digest('base64');
}

function canonical(element: Element, ref?: ReferenceSpec): string {
  return new ExclusiveCanonicalization().process(element, {
    ancestorNamespaces: ancestorNamespaces(element),
    inclusiveNamespacesPrefixList: ref?.inclusivePrefixes ?? [],
  });
}

/** The whole document without its signature, exclusive-canonical: the bytes themselves, if they are canonical. */
function wholeDocumentMatches(text: string, at: Located, ref: ReferenceSpec): boolean {
  const [removal, c14n, ...rest] = ref.transforms;
  if (!SIGNATURE_REMOVING_TRANSFORMS.has(removal ?? '') || c14n !== EXC_C14N || rest.length > 0) return false;
  const bytes = text.slice(at.root.start, at.signature.start) + text.slice(at.signature.end, at.root.end);
  return digest(ref.hashName!, bytes) === ref.digestValue;
}

/** A reference to an element of the signature itself (SignedProperties, KeyInfo), Id unique in the whole text. */
function innerReference(text: string, signature: Element, ref: ReferenceSpec): Element | undefined {
  const id = ref.uri!.slice(1);
  if (ref.transforms.some((t) => t !== EXC_C14N) || text.split(`"${id}"`).length !== 2 || text.includes(`'${id}'`)) return undefined;
  const found = elementsById(signature.ownerDocument, id);
  return found.length === 1 && digest(ref.hashName!, canonical(found[0]!, ref)) === ref.digestValue ? found[0] : undefined;
}

function signatureValueMatches(signature: Element, spec: SignedInfoSpec, certificate: CertificateInfo): boolean {
  const value = (textOf(childPath(signature, DS_NS, 'SignatureValue')) ?? '').replace(/\s+/g, '');
  try {
    return value !== '' && verifySignature(spec.signatureHash!, Buffer.from(canonical(spec.element), 'utf8'), certificate.publicKey, Buffer.from(value, 'base64'));
  } catch {
    return false;
  }
}

/** Confirms a valid signature cheaply, or returns undefined for the general verifier to decide. */
export function confirmCanonicalSignature(text: string): VerificationResult | undefined {
  const at = locate(text);
  if (!at) return undefined;
  const parsed = parseXml(text.slice(at.signature.start, at.signature.end));
  if ('error' in parsed) return undefined;
  const signature = parsed.doc.documentElement!;
  if (signature.namespaceURI !== DS_NS) return undefined;
  const { spec, problems } = readSignedInfo(signature);
  if (!spec || problems.length > 0 || spec.canonicalization !== EXC_C14N) return undefined;
  const references: ReferenceResult[] = [];
  for (const ref of spec.references) {
    if (ref.unsupported.length > 0) return undefined;
    const whole = (ref.uri ?? '') === '';
    const target = whole ? undefined : ref.uri!.startsWith('#') ? innerReference(text, signature, ref) : undefined;
    if (whole ? !wholeDocumentMatches(text, at, ref) : !target) return undefined;
    references.push({ uri: ref.uri ?? '', ...(ref.type ? { type: ref.type } : {}), covers: coverage(ref, target), digestValid: true });
  }
  const { certificates } = keyInfoCertificates(signature);
  const signer = certificates.find((c) => signatureValueMatches(signature, spec, c));
  if (!signer) return undefined;
  const xades = checkXades(signature, spec.references, signer);
  if (xades.problems.length > 0) return undefined;
  return {
    valid: true,
    problems: [],
    notes: xades.notes,
    signer: { subject: signer.subject, serialNumber: signer.serialNumber, notAfter: signer.notAfter },
    ...(xades.signingTime ? { signingTime: xades.signingTime } : {}),
    references,
    ...(xades.policy ? { policy: xades.policy } : {}),
    identity: signerIdentity(signer, certificates),
  };
}
