/**
 * Reads any of the eight v4.4 documents (the seven comprobantes and MensajeReceptor) back into the
 * typed model: signed documents of our own, supplier documents, imports from other software. Layout
 * does not matter (pretty-printed, prefixed or default namespace); the root and its namespace must be
 * a v4.4 one.
 */
import type { Element } from '@xmldom/xmldom';
import type { DocumentModel, DocumentTypeCode, ReceiverMessageModel } from '../domain/document-model.ts';
import { XmlReadError } from './errors.ts';
import { readLines } from './read-line.ts';
import { readParty } from './read-party.ts';
import { readReceiverMessageElement } from './read-receiver-message.ts';
import { child, compact, optInt, optStr, optTok, parseXml, required, tok, XMLDSIG_NS } from './read-dom.ts';
import { readOtherCharges, readOthers, readReferences, readSummary } from './read-summary.ts';
import { KNOWN_ROOTS, namespaceOf, RECEIVER_MESSAGE_ROOT, TYPE_BY_ROOT } from './roots.ts';

export type ReadResult =
  | { kind: 'document'; model: DocumentModel; signatureCount: number }
  | { kind: 'receiver-message'; model: ReceiverMessageModel; signatureCount: number };

/** ds:Signature children of the root: the issuer's and any counter-signatures (up to 5). */
function countSignatures(root: Element): number {
  let count = 0;
  for (let node = root.firstChild; node !== null; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as Element).localName === 'Signature' && (node as Element).namespaceURI === XMLDSIG_NS) count++;
  }
  return count;
}

function readComprobante(type: DocumentTypeCode, root: Element): DocumentModel {
  const receiver = child(root, 'Receptor');
  return compact({
    type,
    clave: tok(root, 'Clave'),
    providerSystemId: tok(root, 'ProveedorSistemas'),
    issuerActivityCode: optTok(root, 'CodigoActividadEmisor'),
    receiverActivityCode: optTok(root, 'CodigoActividadReceptor'),
    consecutive: tok(root, 'NumeroConsecutivo'),
    issuedAt: tok(root, 'FechaEmision'),
    issuer: readParty(required(root, 'Emisor')),
    receiver: receiver ? readParty(receiver) : undefined,
    saleCondition: tok(root, 'CondicionVenta'),
    saleConditionOther: optStr(root, 'CondicionVentaOtros'),
    creditTermDays: optInt(root, 'PlazoCredito'),
    lines: readLines(root),
    otherCharges: readOtherCharges(root),
    summary: readSummary(root),
    references: readReferences(root),
    others: readOthers(root),
  });
}

/** Identifies the document by its root element and namespace. */
function identify(root: Element): string {
  const name = root.localName ?? '';
  if (!KNOWN_ROOTS.includes(name)) {
    throw new XmlReadError(`unknown root element <${name}>: expected one of ${KNOWN_ROOTS.join(', ')}`);
  }
  const expected = namespaceOf(name);
  if (root.namespaceURI !== expected) {
    throw new XmlReadError(`<${name}> has namespace "${root.namespaceURI ?? ''}", expected the v4.4 namespace "${expected}"`);
  }
  return name;
}

export function readDocument(xml: string | Buffer): ReadResult {
  const root = parseXml(xml).documentElement;
  if (!root) throw new XmlReadError('the document has no root element');
  const name = identify(root);
  const signatureCount = countSignatures(root);
  if (name === RECEIVER_MESSAGE_ROOT) {
    return { kind: 'receiver-message', model: readReceiverMessageElement(root), signatureCount };
  }
  const type = TYPE_BY_ROOT.get(name);
  if (type === undefined) throw new XmlReadError(`unknown root element <${name}>`);
  return { kind: 'document', model: readComprobante(type, root), signatureCount };
}
