/**
 * Checks the digest of each ds:Reference, one by one, so that every broken reference is named
 * (xml-crypto's own checkSignature stops at the first). Dereferencing is done here (same-document
 * URIs only, wrapping-safe Id lookup); the transform chain and canonicalisation are xml-crypto's
 * (`SignedXml.getCanonXml`, with the XPath filter registered).
 */
import { createHash } from 'node:crypto';
import type { SignedXml } from 'xml-crypto';
import { ancestorNamespaces, elementsById, isInside } from './dom.ts';
import { DS_NS, SIGNED_PROPERTIES_TYPE, XADES_NS, XPATH_FILTER } from './signature-template.ts';
import { referenceLabel, SIGNATURE_REMOVING_TRANSFORMS, type ReferenceSpec } from './signed-info.ts';

export interface ReferenceResult {
  uri: string;
  type?: string;
  covers: string;
  digestValid: boolean;
}

interface Target { element?: Element; problem?: string }

function resolve(doc: Document, ref: ReferenceSpec): Target {
  const uri = ref.uri ?? '';
  if (uri === '') return { element: doc.documentElement };
  if (!uri.startsWith('#') || uri.startsWith('#xpointer(')) {
    return { problem: `reference ${referenceLabel(ref)} points outside the document (${uri}): not supported` };
  }
  const found = elementsById(doc, uri.slice(1));
  if (found.length === 0) return { problem: `reference ${referenceLabel(ref)} points to ${uri}, which is not in the document` };
  if (found.length > 1) {
    return { problem: `reference ${referenceLabel(ref)}: ${found.length} elements carry the Id ${uri.slice(1)} (possible signature wrapping)` };
  }
  return { element: found[0] };
}

/** What a reference protects, in words. */
export function coverage(ref: ReferenceSpec, target: Element | undefined): string {
  if ((ref.uri ?? '') === '') {
    return ref.transforms.some((t) => SIGNATURE_REMOVING_TRANSFORMS.has(t))
      ? 'whole document except signatures'
      : 'whole document including the signature (cannot be valid)';
  }
  if (ref.type === SIGNED_PROPERTIES_TYPE || (target?.localName === 'SignedProperties' && target.namespaceURI === XADES_NS)) {
    return 'signed properties';
  }
  if (target?.localName === 'KeyInfo' && target.namespaceURI === DS_NS) return 'key info (signer certificate)';
  return target ? `element ${target.localName}` : 'nothing (target not found)';
}

function mismatchReason(covers: string): string {
  if (covers.startsWith('whole document')) return 'the document was modified after signing';
  if (covers === 'signed properties') return 'the signed properties were modified after signing';
  return 'the referenced element was modified after signing';
}

function digestMatches(canonical: string, hashName: string, expectedBase64: string): boolean {
  const actual = createHash(hashName).update(canonical, 'utf8').digest();
  return actual.equals(Buffer.from(expectedBase64, 'base64'));
}

/** Checks one reference; `signedXml` must have the signature loaded (for the enveloped transform). */
export function checkReference(doc: Document, signedXml: SignedXml, ref: ReferenceSpec): { result: ReferenceResult; problems: string[] } {
  const target = resolve(doc, ref);
  const covers = coverage(ref, target.element);
  const result: ReferenceResult = { uri: ref.uri ?? '', ...(ref.type ? { type: ref.type } : {}), covers, digestValid: false };
  const label = referenceLabel(ref);
  if (ref.unsupported.length > 0) return { result, problems: ref.unsupported.map((p) => `reference ${label}: ${p}`) };
  if (!target.element) return { result, problems: [target.problem!] };
  if (ref.transforms.includes(XPATH_FILTER) && isInsideSignature(target.element)) {
    return { result, problems: [`reference ${label} filters out signatures but points inside one: it selects nothing`] };
  }
  try {
    const canonical = signedXml.getCanonXml(ref.transforms, target.element, {
      ancestorNamespaces: ancestorNamespaces(target.element),
      inclusiveNamespacesPrefixList: ref.inclusivePrefixes,
    });
    result.digestValid = digestMatches(canonical, ref.hashName!, ref.digestValue);
  } catch (error) {
    return { result, problems: [`reference ${label} could not be processed: ${error instanceof Error ? error.message : String(error)}`] };
  }
  return { result, problems: result.digestValid ? [] : [`reference ${label} digest mismatch: ${mismatchReason(covers)}`] };
}

function isInsideSignature(element: Element): boolean {
  const signatures = Array.from(element.ownerDocument.getElementsByTagNameNS(DS_NS, 'Signature'));
  return signatures.some((signature) => isInside(element, signature));
}
