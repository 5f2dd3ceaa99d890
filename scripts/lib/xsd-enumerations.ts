/**
 * Reads the enumerations (xs:enumeration) that one Hacienda XSD actually applies to its document.
 *
 * The walk starts at the document's root xs:element and follows element/attribute types and
 * restriction/extension bases, so a type that is declared but never used (FacturaElectronicaExportacion
 * still carries the v4.3 `ExoneracionType`, for example) contributes nothing: only codes an instance
 * document can contain end up in the code tables.
 */
import { DOMParser, type Element, type Node } from '@xmldom/xmldom';

const XS_NS = 'http://www.w3.org/2001/XMLSchema';
const ELEMENT_NODE = 1;

/** One xs:enumeration value with its xs:documentation (whitespace collapsed). */
export interface EnumerationValue {
  readonly value: string;
  readonly documentation: string;
}

/** An xs:restriction that lists enumerations, reachable from the document root. */
export interface EnumerationSite {
  /**
   * The named simpleType (`UnidadMedidaType`), or `<owner>/<element>` for an anonymous type, where owner
   * is the nearest named ancestor (`IdentificacionType/Tipo`, `FacturaElectronica/CondicionVenta`).
   */
  readonly id: string;
  /** The simpleType name, or the element/attribute name for an anonymous type. */
  readonly name: string;
  readonly values: readonly EnumerationValue[];
  /** Documentation of the element (or named type) that holds the list: the fallback for undocumented codes. */
  readonly ownerDocumentation: string;
}

/** Collapses runs of whitespace (including the CR-only line ends of FacturaElectronica) to one space. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Parses XSD text and returns the enumeration sites reachable from the top-level element `rootName`. */
export function readEnumerationSites(xsdText: string, rootName: string): EnumerationSite[] {
  const schema = parseSchema(xsdText);
  const walker = new SchemaWalker(schema);
  const root = walker.topLevel('element', rootName);
  if (!root) throw new Error(`XSD has no top-level element ${rootName}`);
  walker.visit(root);
  return walker.sites;
}

function parseSchema(xsdText: string): Element {
  const parser = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(`XSD parse ${level}: ${message}`);
    },
  });
  const doc = parser.parseFromString(xsdText, 'text/xml');
  const schema = doc.documentElement;
  if (!schema || schema.namespaceURI !== XS_NS || schema.localName !== 'schema') {
    throw new Error('not an XML Schema document');
  }
  return schema;
}

function xsChildren(node: Node, localName?: string): Element[] {
  const out: Element[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType !== ELEMENT_NODE) continue;
    const el = child as Element;
    if (el.namespaceURI === XS_NS && (localName === undefined || el.localName === localName)) out.push(el);
  }
  return out;
}

/** Text of the xs:annotation/xs:documentation children of `node`, whitespace collapsed. */
function documentationOf(node: Element): string {
  const texts = xsChildren(node, 'annotation')
    .flatMap((annotation) => xsChildren(annotation, 'documentation'))
    .map((doc) => doc.textContent ?? '');
  return collapseWhitespace(texts.join(' '));
}

class SchemaWalker {
  readonly sites: EnumerationSite[] = [];
  private readonly visitedTypes = new Set<string>();

  constructor(private readonly schema: Element) {}

  topLevel(kind: string, name: string): Element | undefined {
    return xsChildren(this.schema, kind).find((el) => el.getAttribute('name') === name);
  }

  visit(node: Element): void {
    switch (node.localName) {
      case 'annotation':
        return;
      case 'element':
      case 'attribute':
        this.followReference(node);
        this.visitNamedType(node.getAttribute('type'));
        break;
      case 'restriction':
      case 'extension':
        this.visitNamedType(node.getAttribute('base'));
        if (node.localName === 'restriction') this.recordEnumerations(node);
        break;
    }
    for (const child of xsChildren(node)) this.visit(child);
  }

  /** `<xs:element ref="X"/>` to a top-level element of this schema (ds:Signature is in another schema). */
  private followReference(node: Element): void {
    const ref = node.getAttribute('ref');
    if (!ref || ref.includes(':')) return;
    const target = this.topLevel(node.localName ?? 'element', ref);
    if (!target) throw new Error(`unresolved ref ${ref}`);
    this.visitOnce(`${node.localName}:${ref}`, target);
  }

  /** Unprefixed type names are this schema's own types; prefixed ones (xs:, ds:) are built-in or imported. */
  private visitNamedType(qname: string | null): void {
    if (!qname || qname.includes(':')) return;
    const type = this.topLevel('simpleType', qname) ?? this.topLevel('complexType', qname);
    if (!type) throw new Error(`unresolved type ${qname}`);
    this.visitOnce(`type:${qname}`, type);
  }

  private visitOnce(key: string, node: Element): void {
    if (this.visitedTypes.has(key)) return;
    this.visitedTypes.add(key);
    this.visit(node);
  }

  private recordEnumerations(restriction: Element): void {
    const enumerations = xsChildren(restriction, 'enumeration');
    if (enumerations.length === 0) return;
    const values = enumerations.map((en) => ({
      value: en.getAttribute('value') ?? '',
      documentation: documentationOf(en),
    }));
    this.sites.push({ ...describeOwner(restriction), values });
  }
}

/** Names the place of a restriction: its named simpleType, or the element/attribute holding it. */
function describeOwner(restriction: Element): Omit<EnumerationSite, 'values'> {
  const simpleType = restriction.parentNode as Element | null;
  if (!simpleType || simpleType.localName !== 'simpleType') throw new Error('enumeration outside a simpleType');
  const typeName = simpleType.getAttribute('name');
  if (typeName) return { id: typeName, name: typeName, ownerDocumentation: documentationOf(simpleType) };
  const holder = simpleType.parentNode as Element | null;
  const name = holder?.getAttribute('name');
  if (!holder || !name) throw new Error('anonymous enumeration without a named element');
  return { id: `${nearestNamedAncestor(holder)}/${name}`, name, ownerDocumentation: documentationOf(holder) };
}

function nearestNamedAncestor(node: Element): string {
  for (let p = node.parentNode as Element | null; p && p.nodeType === ELEMENT_NODE; p = p.parentNode as Element | null) {
    const name = p.getAttribute('name');
    if (name) return name;
  }
  return '';
}
