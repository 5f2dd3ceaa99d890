/**
 * Root element names and namespaces of the eight v4.4 documents the app writes and reads, taken from
 * the document-type table of domain/codes.ts so that they live in one place.
 */
import { DOCUMENT_TYPES, ISSUABLE_DOCUMENT_TYPES } from '../domain/codes.ts';
import type { DocumentTypeCode } from '../domain/document-model.ts';

/** Root element per comprobante type (Nota 3). */
export const ROOT_BY_TYPE: Readonly<Record<DocumentTypeCode, string>> = Object.fromEntries(
  ISSUABLE_DOCUMENT_TYPES.map((type) => [type, DOCUMENT_TYPES[type].root]),
) as Record<DocumentTypeCode, string>;

export const RECEIVER_MESSAGE_ROOT = DOCUMENT_TYPES['05'].root;

export const TYPE_BY_ROOT: ReadonlyMap<string, DocumentTypeCode> = new Map(
  ISSUABLE_DOCUMENT_TYPES.map((type) => [DOCUMENT_TYPES[type].root, type]),
);

const NAMESPACE_BY_ROOT: ReadonlyMap<string, string> = new Map(
  Object.values(DOCUMENT_TYPES).map((info) => [info.root as string, info.namespace]),
);

/** Every root the app handles (the seven comprobantes and MensajeReceptor). */
export const KNOWN_ROOTS: readonly string[] = [...TYPE_BY_ROOT.keys(), RECEIVER_MESSAGE_ROOT];

/** Default namespace of a known root (v4.4 base + the root name with a lower-case first letter). */
export function namespaceOf(root: string): string {
  const namespace = NAMESPACE_BY_ROOT.get(root);
  if (namespace === undefined) throw new Error(`no v4.4 namespace for root <${root}>`);
  return namespace;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';
